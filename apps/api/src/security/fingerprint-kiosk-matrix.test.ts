import { CONSENTIMIENTO_HUELLA_VERSION, KIOSCO_TOKEN_HEADER, type Perfil } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { addPerson, companyWithAdmin } from '../test/people';
import { SoftAuthenticator } from '../test/soft-authenticator';

/**
 * The perfil-and-tenancy matrix of the fingerprint, PIN and kiosk routes, read from the
 * app's OpenAPI like people-matrix.test.ts. Allowed perfiles must pass the perfil gate (the status
 * the table names: some calls need state, e.g. a WebAuthn answer, and fail validation after it);
 * others get 403; another company's administrator gets 404 for this company's ids. The kiosk
 * device routes take only a kiosk token: every session gets 401 there.
 */
const PREFIXES = ['/api/v1/huella', '/api/v1/pin', '/api/v1/quioscos'];
const DEVICE_PREFIX = '/api/v1/quiosco/';

type Actor = Perfil | 'otraEmpresa';
const ACTORS: Actor[] = ['administrador', 'supervisor', 'trabajador', 'fiscalizador', 'otraEmpresa'];
const SELF: Perfil[] = ['administrador', 'supervisor', 'trabajador'];
const A: Perfil[] = ['administrador'];

interface Ids {
  credential: string;
  kiosk: string;
  site: string;
}
interface Case {
  allowed: Perfil[];
  path: (ids: Ids) => string;
  body?: (ids: Ids) => object;
  /** Status per actor when it is not "< 300" (allowed) / 403 (not allowed) / < 300 (other company, own data). */
  expect?: Partial<Record<Actor, number>>;
}

const badAssertion = { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' } };

/** Order matters: consent before enrolment options, withdrawal last among the huella calls. */
const TABLE: Record<string, Case> = {
  'GET /api/v1/huella/consentimiento': { allowed: SELF, path: () => '/api/v1/huella/consentimiento' },
  'POST /api/v1/huella/consentimiento': { allowed: SELF, path: () => '/api/v1/huella/consentimiento', body: () => ({ acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION }) },
  'POST /api/v1/huella/registro/opciones': { allowed: SELF, path: () => '/api/v1/huella/registro/opciones', body: () => ({}) },
  'POST /api/v1/huella/registro': {
    allowed: SELF,
    path: () => '/api/v1/huella/registro',
    body: () => ({ nombreDispositivo: 'Matriz', respuesta: badAssertion }),
    expect: { administrador: 400, supervisor: 400, trabajador: 400, otraEmpresa: 400 },
  },
  'GET /api/v1/huella/credenciales': { allowed: A, path: () => '/api/v1/huella/credenciales' },
  'GET /api/v1/huella/mis-credenciales': { allowed: SELF, path: () => '/api/v1/huella/mis-credenciales' },
  'GET /api/v1/huella/pendientes': { allowed: A, path: () => '/api/v1/huella/pendientes' },
  'POST /api/v1/huella/credenciales/:id/revocar': {
    allowed: SELF,
    path: (ids) => `/api/v1/huella/credenciales/${ids.credential}/revocar`,
    // Only an administrator revokes someone else's credential; the others do not see it (404).
    expect: { supervisor: 404, trabajador: 404, otraEmpresa: 404 },
  },
  'POST /api/v1/huella/marcar/opciones': {
    allowed: SELF,
    path: () => '/api/v1/huella/marcar/opciones',
    // Nobody in the table has a credential of their own.
    expect: { administrador: 400, supervisor: 400, trabajador: 400, otraEmpresa: 400 },
  },
  'POST /api/v1/huella/marcar': {
    allowed: SELF,
    path: () => '/api/v1/huella/marcar',
    body: () => ({ tipo: 'entrada', respuesta: badAssertion }),
    expect: { administrador: 400, supervisor: 400, trabajador: 400, otraEmpresa: 400 },
  },
  'POST /api/v1/huella/consentimiento/retirar': { allowed: SELF, path: () => '/api/v1/huella/consentimiento/retirar', body: () => ({}) },
  'GET /api/v1/pin': { allowed: SELF, path: () => '/api/v1/pin' },
  'PUT /api/v1/pin': { allowed: SELF, path: () => '/api/v1/pin', body: () => ({ pinNuevo: '1357' }) },
  'GET /api/v1/quioscos': { allowed: A, path: () => '/api/v1/quioscos' },
  'POST /api/v1/quioscos': {
    allowed: A,
    path: () => '/api/v1/quioscos',
    body: (ids) => ({ sedeId: ids.site, nombre: 'Matriz' }),
    // Another company's site in the body is an unknown reference.
    expect: { otraEmpresa: 400 },
  },
  'POST /api/v1/quioscos/:id/revocar': { allowed: A, path: (ids) => `/api/v1/quioscos/${ids.kiosk}/revocar`, expect: { otraEmpresa: 404 } },
};

let t: TestApp;
let ids: Ids;
let kioskToken: string;
const actors = new Map<Actor, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  const first = await companyWithAdmin(t.app);
  const db = t.database.db;
  const site = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: first.admin.headers, payload: { nombre: 'Casa Matriz' } })).json();
  const supervisor = await addPerson(t.app, db, first.companyId, 'supervisor');
  const worker = await addPerson(t.app, db, first.companyId, 'trabajador');
  const inspector = await addPerson(t.app, db, first.companyId, 'fiscalizador');
  const owner = await addPerson(t.app, db, first.companyId, 'trabajador');
  const second = await companyWithAdmin(t.app);
  await db.update(users).set({ metodosMarcaje: ['web', 'huella', 'kiosco_pin'] });
  await t.app.inject({ method: 'POST', url: '/api/v1/huella/consentimiento', headers: owner.headers, payload: { acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION } });
  const options = (await t.app.inject({ method: 'POST', url: '/api/v1/huella/registro/opciones', headers: owner.headers, payload: {} })).json();
  const credential = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/huella/registro',
      headers: owner.headers,
      payload: { nombreDispositivo: 'Celular', respuesta: new SoftAuthenticator('http://jornada.test').register(options) },
    })
  ).json();
  const opened = (await t.app.inject({ method: 'POST', url: '/api/v1/quioscos', headers: first.admin.headers, payload: { sedeId: site.id, nombre: 'Entrada' } })).json();
  kioskToken = opened.token;
  ids = { credential: credential.id, kiosk: opened.quiosco.id, site: site.id };
  actors.set('administrador', first.admin.headers);
  actors.set('supervisor', supervisor.headers);
  actors.set('trabajador', worker.headers);
  actors.set('fiscalizador', inspector.headers);
  actors.set('otraEmpresa', second.admin.headers);
});
afterAll(() => t.close());

function registeredRoutes(filter: (path: string) => boolean): string[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const routes: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!filter(path)) continue;
    for (const method of Object.keys(methods)) routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  return routes.sort();
}

function call(key: string, headers: Record<string, string>) {
  const spec = TABLE[key]!;
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT';
  return t.app.inject({ method, url: spec.path(ids), headers, ...(spec.body ? { payload: spec.body(ids) } : {}) });
}

describe('perfil and tenancy matrix of fingerprint, PIN and kiosks', () => {
  it('has an expectation for every registered route', () => {
    expect(registeredRoutes((p) => PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`)))).toEqual(Object.keys(TABLE).sort());
  });

  it('answers 401 without a session on every route', async () => {
    for (const key of Object.keys(TABLE)) expect((await call(key, {})).statusCode, key).toBe(401);
  });

  for (const key of Object.keys(TABLE)) {
    it(key, async () => {
      const spec = TABLE[key]!;
      for (const actor of ACTORS) {
        const response = await call(key, actors.get(actor)!);
        const label = `${key} as ${actor}: ${response.body.slice(0, 200)}`;
        const expected = spec.expect?.[actor];
        if (expected !== undefined) expect(response.statusCode, label).toBe(expected);
        else if (actor === 'otraEmpresa' || spec.allowed.includes(actor)) expect(response.statusCode, label).toBeLessThan(300);
        else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error.code).toBe('FORBIDDEN');
        }
      }
    });
  }

  it('the kiosk device routes refuse every session and accept only the kiosk token', async () => {
    const deviceRoutes = registeredRoutes((p) => p.startsWith(DEVICE_PREFIX));
    expect(deviceRoutes).toEqual(['GET /api/v1/quiosco/sesion', 'POST /api/v1/quiosco/huella/marcar', 'POST /api/v1/quiosco/huella/opciones', 'POST /api/v1/quiosco/marcar-pin']);
    const bodies: Record<string, object> = {
      'POST /api/v1/quiosco/huella/marcar': { tipo: 'entrada', respuesta: badAssertion },
      'POST /api/v1/quiosco/marcar-pin': { rut: '12.345.678-5', pin: '1357', tipo: 'entrada' },
    };
    for (const key of deviceRoutes) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      for (const actor of ACTORS) {
        const response = await t.app.inject({ method, url, headers: actors.get(actor)!, ...(bodies[key] ? { payload: bodies[key] } : {}) });
        expect(response.statusCode, `${key} as ${actor}`).toBe(401);
      }
    }
    // With the token (before it was revoked above it worked; now it is closed).
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/quiosco/sesion', headers: { [KIOSCO_TOKEN_HEADER]: kioskToken } })).statusCode).toBe(401);
  });
});
