import type { MarcasPage } from '@jornada/contracts';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinOfRut } from '../modules/clock-devices/iclock-protocol';
import { createTestApp, type TestApp } from '../test/app';
import { uniqueRut } from '../test/factories';
import { companyWithAdmin } from '../test/people';
import { pushAttendanceLine } from '../test/clock-device';

/**
 * Clock serials belong to each company, not to the system: a company registering a serial another
 * company holds gets exactly the answer it gets for an unknown serial (no 409 naming someone else's
 * clock), and a company that registers a serial first (squatting) blocks nobody. A device request
 * reaches a registration by its key (`/r/<clave>/iclock/...`, the key names one registration); an
 * unkeyed request for a serial two companies registered is refused, never guessed, so company B
 * never receives company A's marks.
 */
interface Tenant {
  admin: Record<string, string>;
  siteId: string;
  workerId: string;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** The PIN of A's worker: a line misrouted to B would become an attempt (unknown PIN) in B. */
let pin: string;
const logLines: string[] = [];

async function tenant(rut: string): Promise<Tenant> {
  const { admin } = await companyWithAdmin(t.app);
  const site = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sedes',
    headers: admin.headers,
    payload: { nombre: 'Planta', calle: 'Av. Uno', numero: '1', comuna: 'Quilicura', lat: -33.36, lng: -70.73 },
  });
  expect(site.statusCode, site.body).toBe(201);
  const siteId = site.json<{ id: string }>().id;
  const worker = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: admin.headers,
    payload: { nombre: 'Pedro', apellidos: 'Reloj', rut, email: `pedro.${rut.slice(0, 8)}.${siteId.slice(0, 4)}@empresa.cl`, horasSemanales: 42, inicioContrato: '2025-01-02', sedeId: siteId, metodosMarcaje: ['reloj'] },
  });
  expect(worker.statusCode, worker.body).toBe(201);
  return { admin: admin.headers, siteId, workerId: worker.json<{ id: string }>().id };
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'warn' }, deps: { logStream } });
  const rut = uniqueRut();
  a = await tenant(rut);
  b = await tenant(uniqueRut());
  pin = pinOfRut(rut);
});
afterAll(() => t.close());

const register = (who: Tenant, numeroSerie: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: who.admin, payload: { numeroSerie, nombre: `Reloj ${numeroSerie}`, sedeId: who.siteId, ...extra } });

const newKey = async (who: Tenant, id: string) => {
  const response = await t.app.inject({ method: 'POST', url: `/api/v1/relojes/${id}/clave`, headers: who.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ruta: string }>().ruta;
};

const push = (serial: string, address: string, prefix = '') => pushAttendanceLine(t.app, { serial, pin, address, prefix });

/** Everything a company received from clocks: its worker's marks and every attempt (an unknown PIN included). */
async function received(who: Tenant) {
  const marks = await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${who.workerId}&pageSize=100`, headers: who.admin });
  const attempts = await t.app.inject({ method: 'GET', url: '/api/v1/intentos-marcaje?pageSize=100', headers: who.admin });
  expect(marks.statusCode, marks.body).toBe(200);
  expect(attempts.statusCode, attempts.body).toBe(200);
  return { marks: marks.json<MarcasPage>().total, attempts: attempts.json<{ total: number }>().total };
}

/** The parts of a registration answer that do not vary with the serial or the generated id. */
const shape = (body: Record<string, unknown>) => {
  const { id: _id, numeroSerie: _serie, nombre: _nombre, creadoEn: _creado, ...rest } = body;
  return rest;
};

describe('clock serials are registered per company', () => {
  it('answers B registering a serial A holds exactly as an unknown serial (no 409 leak)', async () => {
    const mine = await register(a, 'AJENO0001', { redesPermitidas: ['10.50.0.0/16'] });
    expect(mine.statusCode, mine.body).toBe(201);

    const unknown = await register(b, 'NUEVO0001');
    const taken = await register(b, 'AJENO0001');
    expect(taken.statusCode, taken.body).toBe(unknown.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(shape(taken.json())).toEqual(shape(unknown.json()));
    expect(taken.json()).toMatchObject({ numeroSerie: 'AJENO0001', conClave: false, ultimoContacto: null });

    // Within one company a serial is still registered once (that answer depends on the company's own data only).
    const twice = await register(b, 'AJENO0001');
    expect(twice.statusCode).toBe(409);
    // A serial change to one another company holds is an ordinary edit too.
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/v1/relojes/${unknown.json<{ id: string }>().id}`, headers: b.admin, payload: { numeroSerie: 'AJENO0002' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await register(a, 'AJENO0002')).statusCode).toBe(201);
  });

  it("never delivers A's device marks to B", async () => {
    const mine = await register(a, 'PROPIO0001', { redesPermitidas: ['10.50.0.0/16'] });
    expect(mine.statusCode, mine.body).toBe(201);
    const ruta = await newKey(a, mine.json<{ id: string }>().id);
    // B copies the serial off A's device and opens it to every network, with a key of its own too.
    const copy = await register(b, 'PROPIO0001', { redesPermitidas: ['0.0.0.0/0'] });
    expect(copy.statusCode, copy.body).toBe(201);
    await newKey(b, copy.json<{ id: string }>().id);

    const beforeA = await received(a);
    const beforeB = await received(b);
    // A's device, through A's key, from A's network: A's mark.
    const keyed = await push('PROPIO0001', '10.50.1.2', ruta);
    expect([keyed.statusCode, keyed.body]).toEqual([200, 'OK: 1']);
    // The same serial without a key, from A's network or anywhere: two companies hold it, refused.
    logLines.length = 0;
    for (const address of ['10.50.1.2', '203.0.113.9']) {
      const unkeyed = await push('PROPIO0001', address);
      expect(unkeyed.statusCode).toBe(403);
      expect(unkeyed.body).toBe('Reloj debe conectarse con su clave');
    }
    expect(logLines.join('')).toContain('iclock: número de serie registrado en más de una empresa');
    // A's key never opens B's registration of the serial, nor another serial.
    expect((await push('AJENO0002', '10.50.1.2', ruta)).statusCode).toBe(403);

    expect((await received(a)).marks).toBe(beforeA.marks + 1);
    expect(await received(b)).toEqual(beforeB);
    const listB = await t.app.inject({ method: 'GET', url: '/api/v1/relojes?q=PROPIO0001', headers: b.admin });
    expect(listB.json<{ items: { ultimoContacto: string | null; ultimaIp: string | null }[] }>().items[0]).toMatchObject({ ultimoContacto: null, ultimaIp: null });
  });

  it('gives a squatter nothing once the owner registers the serial and its device proves possession with its key', async () => {
    const squat = await register(b, 'OCUPA0001', { redesPermitidas: ['0.0.0.0/0'] });
    expect(squat.statusCode, squat.body).toBe(201);
    // The squat does not block the owner.
    const mine = await register(a, 'OCUPA0001', { redesPermitidas: ['10.50.0.0/16'] });
    expect(mine.statusCode, mine.body).toBe(201);
    const ruta = await newKey(a, mine.json<{ id: string }>().id);

    const beforeA = await received(a);
    const beforeB = await received(b);
    expect((await push('OCUPA0001', '10.50.3.4')).statusCode).toBe(403);
    const keyed = await push('OCUPA0001', '10.50.3.4', ruta);
    expect([keyed.statusCode, keyed.body]).toEqual([200, 'OK: 1']);
    expect((await push('OCUPA0001', '10.50.3.4')).statusCode).toBe(403);
    expect((await received(a)).marks).toBe(beforeA.marks + 1);
    expect(await received(b)).toEqual(beforeB);
  });

  it('refuses an unkeyed serial two companies registered with networks only, on both sides', async () => {
    expect((await register(a, 'DOBLE0001', { redesPermitidas: ['10.50.0.0/16'] })).statusCode).toBe(201);
    expect((await register(b, 'DOBLE0001', { redesPermitidas: ['10.50.0.0/16'] })).statusCode).toBe(201);
    const beforeA = await received(a);
    const beforeB = await received(b);
    const handshake = await t.app.inject({ method: 'GET', url: '/iclock/cdata?SN=DOBLE0001&options=all', remoteAddress: '10.50.9.9' });
    expect([handshake.statusCode, handshake.body]).toEqual([403, 'Reloj debe conectarse con su clave']);
    expect((await push('DOBLE0001', '10.50.9.9')).statusCode).toBe(403);
    expect(await received(a)).toEqual(beforeA);
    expect(await received(b)).toEqual(beforeB);
  });
});
