import type { MarcasPage } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinOfRut } from '../modules/clock-devices/iclock-protocol';
import { createTestApp, type TestApp } from '../test/app';
import { uniqueRut } from '../test/factories';
import { companyWithAdmin } from '../test/people';
import { pushAttendanceLine } from '../test/clock-device';

/**
 * A clock device is not trusted on its serial alone (anyone can read it off the device): it needs a
 * per-device key in the server address it is configured with (`/r/<clave>/iclock/...`) and/or to
 * call from one of its allowed networks. A device with neither, a wrong key or another network is
 * refused, and nothing it sends becomes a mark.
 */
let t: TestApp;
let admin: Record<string, string>;
let siteId: string;
let workerId: string;
let pin: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  admin = company.admin.headers;
  const site = await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: admin, payload: { nombre: 'Planta', calle: 'Av. Uno', numero: '1', comuna: 'Quilicura', lat: -33.36, lng: -70.73 } });
  siteId = site.json<{ id: string }>().id;
  const rut = uniqueRut();
  const worker = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: admin,
    payload: { nombre: 'Pedro', apellidos: 'Reloj', rut, email: `pedro.${rut.slice(0, 8)}@empresa.cl`, horasSemanales: 42, inicioContrato: '2025-01-02', sedeId: siteId, metodosMarcaje: ['reloj'] },
  });
  workerId = worker.json<{ id: string }>().id;
  pin = pinOfRut(rut);
});
afterAll(() => t.close());

const register = async (numeroSerie: string, extra: Record<string, unknown> = {}) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie, nombre: `Reloj ${numeroSerie}`, sedeId: siteId, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; conClave: boolean; redesPermitidas: string[] }>();
};

const push = (serial: string, address: string, prefix = '') => pushAttendanceLine(t.app, { serial, pin, address, prefix });

const marks = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${workerId}&pageSize=100`, headers: admin })).json<MarcasPage>().total;

describe('clock devices need a key or an allowed network', () => {
  it('refuses a device known only by its serial', async () => {
    const device = await register('SOLO0001');
    expect(device).toMatchObject({ conClave: false, redesPermitidas: [] });
    const before = await marks();
    const response = await push('SOLO0001', '203.0.113.9');
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe('Reloj sin clave ni redes permitidas');
    expect((await t.app.inject({ method: 'GET', url: '/iclock/cdata?SN=SOLO0001&options=all', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    expect(await marks()).toBe(before);
  });

  it('accepts the device only through its server path with its key', async () => {
    const device = await register('CLAVE0001');
    const key = await t.app.inject({ method: 'POST', url: `/api/v1/relojes/${device.id}/clave`, headers: admin });
    expect(key.statusCode, key.body).toBe(200);
    const { clave, ruta } = key.json<{ clave: string; ruta: string }>();
    expect(ruta).toBe(`/r/${clave}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/relojes/${device.id}`, headers: admin })).json()).toMatchObject({ conClave: true });
    const before = await marks();
    expect((await push('CLAVE0001', '203.0.113.9')).statusCode).toBe(403);
    // One character off (a key that already ends in «x» gets a «y»: the same key would be accepted).
    expect((await push('CLAVE0001', '203.0.113.9', `/r/${clave.slice(0, -1)}${clave.endsWith('x') ? 'y' : 'x'}`)).statusCode).toBe(403);
    expect((await push('SOLO0001', '203.0.113.9', ruta)).statusCode).toBe(403);
    expect(await marks()).toBe(before);
    const accepted = await push('CLAVE0001', '203.0.113.9', ruta);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).toBe('OK: 1');
    expect(await marks()).toBe(before + 1);
    // A new key replaces the old one.
    const next = (await t.app.inject({ method: 'POST', url: `/api/v1/relojes/${device.id}/clave`, headers: admin })).json<{ ruta: string }>();
    expect((await push('CLAVE0001', '203.0.113.9', ruta)).statusCode).toBe(403);
    expect((await push('CLAVE0001', '203.0.113.9', next.ruta)).statusCode).toBe(200);
  });

  it('accepts a device without a key only from its allowed networks', async () => {
    await register('RED0001', { redesPermitidas: ['10.20.0.0/16', '192.0.2.7'] });
    const before = await marks();
    expect((await push('RED0001', '10.21.0.5')).statusCode).toBe(403);
    expect((await push('RED0001', '192.0.2.8')).statusCode).toBe(403);
    expect((await push('RED0001', '10.20.3.4')).statusCode).toBe(200);
    expect((await push('RED0001', '192.0.2.7')).statusCode).toBe(200);
    expect(await marks()).toBe(before + 2);
  });

  it('with both, needs both', async () => {
    const device = await register('AMBOS0001', { redesPermitidas: ['10.30.0.0/16'] });
    const { ruta } = (await t.app.inject({ method: 'POST', url: `/api/v1/relojes/${device.id}/clave`, headers: admin })).json<{ ruta: string }>();
    expect((await push('AMBOS0001', '10.30.1.1')).statusCode).toBe(403);
    expect((await push('AMBOS0001', '10.31.1.1', ruta)).statusCode).toBe(403);
    expect((await push('AMBOS0001', '10.30.1.1', ruta)).statusCode).toBe(200);
  });

  it('refuses networks that are not addresses, naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie: 'MAL0001', nombre: 'Mal', sedeId: siteId, redesPermitidas: ['10.0.0.0/33'] } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)[0]).toMatch(/^redesPermitidas/);
  });
});
