import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LIMITS, type BulkLimit } from '../plugins/rate-limit';
import { createTestApp, type TestApp } from '../test/app';
import { companyWithAdmin, type TestCompany } from '../test/fixtures/planning';
import { addPerson } from '../test/people';

/**
 * Every bulk route (file previews and loads, the planning pattern, the mass assignment of leaders) is
 * limited per company: each costs seconds of the event loop every company shares at its largest. A
 * company that goes over gets a Spanish 429 and is told when to come back; another company, and the
 * same company's other routes, are not affected.
 */
let t: TestApp;
let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithAdmin(t.app);
  b = await companyWithAdmin(t.app);
});
afterAll(() => t.close());

/** A multipart body without the file: the route answers 400 at once, after its limit has counted the request. */
function withoutFile(): { payload: string; headers: Record<string, string> } {
  const boundary = `----jornada${randomUUID()}`;
  return { payload: `--${boundary}\r\nContent-Disposition: form-data; name="nota"\r\n\r\nsin archivo\r\n--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pattern = (conflictos?: string) => ({
  usuarioIds: [randomUUID()],
  desde: '2026-12-01',
  hasta: '2026-12-07',
  patron: { tipo: 'semana_fija', dias: Array(7).fill('libre') },
  ...(conflictos ? { conflictos } : {}),
});
const leaders = () => ({ grupoIds: [randomUUID()], liderIds: [randomUUID()], modo: 'agregar' });

const ROUTES: { url: string; limit: BulkLimit; body?: () => object }[] = [
  { url: '/api/v1/usuarios/carga-masiva/vista-previa', limit: BULK_LIMITS.filePreview },
  { url: '/api/v1/usuarios/carga-masiva', limit: BULK_LIMITS.fileLoad },
  ...(['turnos', 'planificacion', 'planificador'] as const).flatMap((kind) => [
    { url: `/api/v1/cargas/${kind}/vista-previa`, limit: BULK_LIMITS.filePreview },
    { url: `/api/v1/cargas/${kind}`, limit: BULK_LIMITS.fileLoad },
  ]),
  // The demand file of a site: the limit counts before the site is looked up (the request has no file).
  { url: `/api/v1/sedes/${randomUUID()}/demanda/carga/vista-previa`, limit: BULK_LIMITS.filePreview },
  { url: `/api/v1/sedes/${randomUUID()}/demanda/carga`, limit: BULK_LIMITS.fileLoad },
  { url: '/api/v1/planificaciones/patron/vista-previa', limit: BULK_LIMITS.screenPreview, body: () => pattern() },
  { url: '/api/v1/planificaciones/patron', limit: BULK_LIMITS.screenApply, body: () => pattern('conservar') },
  { url: '/api/v1/grupos/asignacion-masiva/vista-previa', limit: BULK_LIMITS.screenPreview, body: () => leaders() },
  { url: '/api/v1/grupos/asignacion-masiva', limit: BULK_LIMITS.screenApply, body: () => leaders() },
];

function send(url: string, headers: Record<string, string>, body?: () => object) {
  if (body) return t.app.inject({ method: 'POST', url, headers, payload: body() });
  const multipart = withoutFile();
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...multipart.headers }, payload: multipart.payload });
}

describe('bulk routes are limited per company', () => {
  it.each(ROUTES.map((route) => [route.url, route] as const))('%s', async (url, { limit, body }) => {
    const statuses: number[] = [];
    for (let i = 0; i < limit.max; i++) statuses.push((await send(url, a.headers, body)).statusCode);
    // Every request within the limit got its own answer (a 4xx here: the test sends nothing to load).
    expect(statuses.filter((status) => status === 429)).toEqual([]);

    const refused = await send(url, a.headers, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(new RegExp(`^Tu empresa ya hizo ${limit.max} ${limit.what} en ${limit.minutes} minutos\\. Inténtalo de nuevo en (un minuto|\\d+ minutos)\\.$`)),
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another company is counted on its own.
    expect((await send(url, b.headers, body)).statusCode).not.toBe(429);
  });

  it("counts the company's requests, whoever of its administrators sends them", async () => {
    const c = await companyWithAdmin(t.app);
    const other = await addPerson(t.app, t.database.db, c.companyId, 'administrador');
    const url = '/api/v1/usuarios/carga-masiva/vista-previa';
    for (let i = 0; i < BULK_LIMITS.filePreview.max; i++) await send(url, i % 2 ? c.headers : other.headers);
    expect((await send(url, c.headers)).statusCode).toBe(429);
    expect((await send(url, other.headers)).statusCode).toBe(429);
  });
});
