import type { Intento, MarcasPage, Reloj } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueRut } from '../../test/factories';
import { companyWithAdmin } from '../../test/people';
import { pinOfRut } from './iclock-protocol';

/**
 * A test that plays a ZKTeco device against the app: handshake, an ATTLOG upload, the same upload
 * again (a device that lost the answer), an unknown user, polling, and the refusals of unknown or
 * deactivated serials. The test clock is 2025-06-02 13:00 UTC = 09:00 in Santiago (UTC-4).
 */
const SERIAL = 'CQZ7232560001';

let t: TestApp;
let admin: Record<string, string>;
let siteId: string;
let worker: { id: string; pin: string };
let noClock: { id: string; pin: string };
let deviceId: string;

async function createWorker(metodosMarcaje: string[]) {
  const rut = uniqueRut();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: admin,
    payload: {
      nombre: 'Pedro',
      apellidos: `Reloj ${metodosMarcaje.join(' ')}`,
      rut,
      email: `pedro.${rut.slice(0, 8)}@empresa.cl`,
      horasSemanales: 42,
      inicioContrato: '2025-01-02',
      sedeId: siteId,
      metodosMarcaje,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ id: string }>().id, pin: pinOfRut(rut) };
}

const device = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = { 'content-type': 'text/plain' }) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload, headers } : {}), remoteAddress: '10.0.0.50' });

async function marksOf(userId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${userId}&pageSize=100`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarcasPage>().items;
}

async function attempts(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/intentos-marcaje?pageSize=100&${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Intento[] }>().items;
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  admin = company.admin.headers;
  const site = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sedes',
    headers: admin,
    payload: { nombre: 'Planta Quilicura', calle: 'Av. Lo Echevers', numero: '550', comuna: 'Quilicura', lat: -33.36, lng: -70.73 },
  });
  siteId = site.json<{ id: string }>().id;
  worker = await createWorker(['web', 'reloj']);
  noClock = await createWorker(['web']);
});
afterAll(() => t.close());

describe('clock devices (ZKTeco iclock)', () => {
  it('refuses an unregistered serial with a plain-text 403', async () => {
    for (const [method, url] of [
      ['GET', `/iclock/cdata?SN=${SERIAL}&options=all`],
      ['POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=1`],
      ['GET', `/iclock/getrequest?SN=${SERIAL}`],
      ['GET', '/iclock/cdata?options=all'],
    ] as const) {
      const response = await device(method, url, method === 'POST' ? `${worker.pin}\t2025-06-02 08:00:00\t0\t1` : undefined);
      expect(response.statusCode, url).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('Reloj no registrado');
    }
    expect(await marksOf(worker.id)).toHaveLength(0);
  });

  it('registers a device for a site (serial unique)', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie: SERIAL, nombre: 'Reloj acceso principal', sedeId: siteId, redesPermitidas: ['10.0.0.0/24'] } });
    expect(created.statusCode, created.body).toBe(201);
    const reloj = created.json<Reloj>();
    deviceId = reloj.id;
    expect(reloj).toMatchObject({ numeroSerie: SERIAL, nombre: 'Reloj acceso principal', activo: true, ultimoContacto: null, registrosRecibidos: 0 });
    expect(reloj.sede).toMatchObject({ id: siteId, nombre: 'Planta Quilicura', zonaHoraria: 'America/Santiago' });

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie: SERIAL, nombre: 'Otro', sedeId: siteId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ numeroSerie: 'Ya hay un reloj registrado con ese número de serie.' });

    const badSite = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie: 'OTRO1', nombre: 'Otro', sedeId: '00000000-0000-4000-8000-000000000000' } });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().error.fields).toEqual({ sedeId: 'La sede no existe.' });

    const badSerial = await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: admin, payload: { numeroSerie: 'SN con espacios', nombre: 'Otro', sedeId: siteId } });
    expect(badSerial.statusCode).toBe(400);
  });

  it('answers the handshake with the options block', async () => {
    const response = await device('GET', `/iclock/cdata?SN=${SERIAL}&options=all&pushver=2.4.1&language=69`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe(`GET OPTION FROM: ${SERIAL}`);
    expect(lines).toEqual(expect.arrayContaining(['ATTLOGStamp=None', 'ErrorDelay=30', 'Delay=10', 'TransInterval=1', 'TransFlag=1111000000', 'Realtime=1', 'Encrypt=0', 'TimeZone=-4']));
    // Not the SPA, not the JSON 404 of /api.
    expect(response.body).not.toContain('<html');
  });

  const upload = () =>
    [
      `${worker.pin}\t2025-06-02 08:59:12\t0\t1\t0\t0\t0`,
      `${worker.pin}\t2025-06-02 08:59:45\t2\t1\t0\t0\t0`,
      `99999\t2025-06-02 08:59:50\t0\t1\t0\t0\t0`,
    ].join('\n');

  it('turns an ATTLOG upload into marks of source reloj at the device time, and an unknown PIN into an attempt', async () => {
    const response = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=9999`, upload());
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK: 3');

    const marks = await marksOf(worker.id);
    expect(marks.map((m) => [m.tipo, m.metodo, m.horaOriginal, m.sedeId])).toEqual(
      expect.arrayContaining([
        ['entrada', 'reloj', '2025-06-02T12:59:12.000Z', siteId],
        ['inicio_colacion', 'reloj', '2025-06-02T12:59:45.000Z', siteId],
      ]),
    );
    expect(marks).toHaveLength(2);
    expect(marks[0]!.dispositivo).toBe(`Reloj Reloj acceso principal (${SERIAL})`);
    // Pushed within a minute of the punch: online, not the offline exception (no sin_conexion attempt).
    expect(marks.map((m) => m.offline)).toEqual([false, false]);
    expect(await attempts(`usuarioId=${worker.id}&motivo=sin_conexion`)).toEqual([]);

    const unknown = await attempts('motivo=credencial_desconocida');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ usuarioId: null, metodo: 'reloj', tipo: 'entrada' });
    expect(unknown[0]!.detalle).toContain('PIN 99999');
  });

  it('ignores the same logs sent again: no duplicate marks or attempts', async () => {
    const response = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=9999`, upload(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK: 3');
    expect(await marksOf(worker.id)).toHaveLength(2);
    expect(await attempts('motivo=credencial_desconocida')).toHaveLength(1);
  });

  it('keeps the stamp for the next handshake and the contact time for the admin list', async () => {
    const handshake = await device('GET', `/iclock/cdata?SN=${SERIAL}&options=all`);
    expect(handshake.body.split('\n')).toContain('ATTLOGStamp=9999');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/relojes', headers: admin });
    const [reloj] = list.json<{ items: Reloj[] }>().items;
    expect(reloj).toMatchObject({ id: deviceId, ultimoContacto: '2025-06-02T13:00:00.000Z', ultimaCarga: '2025-06-02T13:00:00.000Z', ultimaIp: '10.0.0.50', registrosRecibidos: 6 });
  });

  it('reads a body sent without Content-Type and acknowledges other tables', async () => {
    const noType = await t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10000`,
      payload: Buffer.from(`${worker.pin}\t2025-06-02 08:59:58\t3\t1\t0\t0\t0\n`),
      remoteAddress: '10.0.0.50',
    });
    expect(noType.statusCode, noType.body).toBe(200);
    expect(noType.body).toBe('OK: 1');
    expect((await marksOf(worker.id)).map((m) => m.tipo)).toContain('fin_colacion');

    const oplog = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=OPERLOG&Stamp=77`, 'OPLOG 4\t0\t2025-06-02 08:00:00\t0\t0\t0\t0\nOPLOG 3\t0\t2025-06-02 08:01:00\t0\t0\t0\t0\n');
    expect(oplog.body).toBe('OK: 2');
    const handshake = await device('GET', `/iclock/cdata?SN=${SERIAL}&options=all`);
    expect(handshake.body.split('\n')).toEqual(expect.arrayContaining(['ATTLOGStamp=10000', 'OPERLOGStamp=77']));
  });

  it('records a worker without the clock method as a refused attempt, once', async () => {
    const body = `${noClock.pin}\t2025-06-02 08:30:00\t0\t1\t0\t0\t0`;
    expect((await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10001`, body)).body).toBe('OK: 1');
    expect((await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10001`, body)).body).toBe('OK: 1');
    expect(await marksOf(noClock.id)).toHaveLength(0);
    const refused = await attempts(`usuarioId=${noClock.id}`);
    expect(refused.map((a) => a.motivo)).toEqual(['metodo_no_permitido']);
  });

  it('flags a log the clock kept for hours (no network) as offline, with its attempt', async () => {
    const nightShift = await createWorker(['reloj']);
    const body = `${nightShift.pin}\t2025-06-02 06:10:00\t1\t1\t0\t0\t0`;
    expect((await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10003`, body)).body).toBe('OK: 1');
    const [late] = await marksOf(nightShift.id);
    expect(late).toMatchObject({ offline: true, metodo: 'reloj', tipo: 'salida', horaOriginal: '2025-06-02T10:10:00.000Z' });
    const flagged = (await attempts(`usuarioId=${nightShift.id}&motivo=sin_conexion`)).filter((a) => a.marcaId === late!.id);
    expect(flagged).toHaveLength(1);
  });

  it('keeps a log too old for an offline mark as an attempt instead of losing it', async () => {
    const body = `${worker.pin}\t2025-05-20 08:00:00\t1\t1\t0\t0\t0\nbasura`;
    expect((await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10002`, body)).body).toBe('OK: 2');
    const old = (await attempts(`usuarioId=${worker.id}&motivo=sin_conexion`)).filter((a) => a.detalle?.includes('2025-05-20'));
    expect(old).toHaveLength(1);
    expect(old[0]!.marcaId).toBeNull();
    expect((await marksOf(worker.id)).some((m) => m.horaOriginal?.startsWith('2025-05-20'))).toBe(false);
  });

  it('answers polling and command results with OK', async () => {
    const poll = await device('GET', `/iclock/getrequest?SN=${SERIAL}`);
    expect([poll.statusCode, poll.body]).toEqual([200, 'OK']);
    const cmd = await device('POST', `/iclock/devicecmd?SN=${SERIAL}`, 'ID=1&Return=0&CMD=INFO');
    expect([cmd.statusCode, cmd.body]).toEqual([200, 'OK']);
  });

  it('refuses a deactivated device', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/relojes/${deviceId}`, headers: admin, payload: { activo: false } });
    expect(patch.json<Reloj>().activo).toBe(false);
    const response = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=10003`, `${worker.pin}\t2025-06-02 08:59:59\t1\t1`);
    expect([response.statusCode, response.body]).toEqual([403, 'Reloj desactivado']);
    expect((await marksOf(worker.id)).map((m) => m.tipo)).not.toContain('salida');
  });
});
