/** Helpers of the corrections tests: propose, list and act on corrections through the API. */
import type { CorreccionesPage } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { FastifyInstance } from 'fastify';
import { bearer, signIn } from '../../test/factories';
import { PERSON_PASSWORD, type Person } from '../../test/people';
import { mark } from '../marks/marks.fixtures';

export const HOUR = 3_600_000;

export function propose(app: FastifyInstance, headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/correcciones', headers, payload: body });
}

export function act(app: FastifyInstance, headers: Record<string, string>, id: string, action: 'objetar' | 'aceptar' | 'anular', body: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/v1/correcciones/${id}/${action}`, headers, payload: body });
}

export async function listCorrections(app: FastifyInstance, headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/correcciones${query ? `?${query}` : ''}`, headers });
  if (response.statusCode !== 200) throw new Error(`GET /correcciones -> ${response.statusCode} ${response.body}`);
  return response.json<CorreccionesPage>();
}

/** A new session at the test clock's time (sessions last 2 hours, and the tests move the clock by days). */
export async function signedIn(app: FastifyInstance, person: Person): Promise<Record<string, string>> {
  return bearer((await signIn(app, formatRut(person.rut)!, PERSON_PASSWORD)).tokenSesion);
}

/** A worker's entrada, then a second entrada later the same day: the second is the attempt `marca_repetida`. Returns its id. */
export async function repeatedAttempt(app: FastifyInstance, clock: { set(at: string): void }, worker: Person, first: string, second: string): Promise<string> {
  clock.set(first);
  const recorded = await mark(app, await signedIn(app, worker), { tipo: 'entrada' });
  if (recorded.statusCode !== 201) throw new Error(recorded.body);
  clock.set(second);
  const repeated = await mark(app, await signedIn(app, worker), { tipo: 'entrada' });
  const body = repeated.json();
  if (body.motivo !== 'marca_repetida') throw new Error(repeated.body);
  return body.intento.id as string;
}
