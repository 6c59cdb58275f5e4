import { CONSENTIMIENTO_HUELLA_VERSION, KIOSCO_TOKEN_HEADER, PIN_MAX_FALLOS, pinTrivialMessage } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosks, markAttempts, marks, users } from '../../db/schema/index';
import { localDate } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';
import { SoftAuthenticator } from '../../test/soft-authenticator';

let t: TestApp;
let company: Awaited<ReturnType<typeof companyWithAdmin>>;
let siteId: string;
let otherSiteId: string;
let kioskToken: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const kiosk = (token = kioskToken) => ({ [KIOSCO_TOKEN_HEADER]: token });

async function site(headers: Record<string, string>, nombre: string): Promise<string> {
  const response = await inject('POST', '/api/v1/sedes', headers, { nombre, calle: 'Av. Matta', numero: '100', comuna: 'Santiago', region: 'RM' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function worker(options: { site?: string | null; pin?: string; methods?: string[]; companyId?: string } = {}): Promise<Person> {
  const person = await addPerson(t.app, t.database.db, options.companyId ?? company.companyId, 'trabajador', { siteId: options.site === undefined ? siteId : options.site });
  await t.database.db
    .update(users)
    .set({ metodosMarcaje: (options.methods ?? ['web', 'huella', 'kiosco_pin']) as never })
    .where(eq(users.id, person.id));
  if (options.pin) expect((await inject('PUT', '/api/v1/pin', person.headers, { pinNuevo: options.pin })).statusCode).toBe(200);
  return person;
}

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithAdmin(t.app);
  siteId = await site(company.admin.headers, 'Casa matriz');
  otherSiteId = await site(company.admin.headers, 'Bodega');
  const opened = await inject('POST', '/api/v1/quioscos', company.admin.headers, { sedeId: siteId, nombre: 'Entrada principal' });
  expect(opened.statusCode, opened.body).toBe(201);
  kioskToken = opened.json<{ token: string }>().token;
});
afterAll(async () => t?.close());

describe('PIN de marcaje', () => {
  it.each(['1234', '0000', '1111', '4321', '123456', '1212', '12a4', '123', '1234567'])('rechaza %s', async (pin) => {
    expect(pinTrivialMessage(pin)).not.toBeNull();
    const ana = await worker();
    const response = await inject('PUT', '/api/v1/pin', ana.headers, { pinNuevo: pin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.pinNuevo).toMatch(/PIN/);
  });

  it('se define y se cambia con el PIN actual; cada cambio envía un correo con fecha y hora', async () => {
    const ana = await worker();
    expect((await inject('GET', '/api/v1/pin', ana.headers)).json()).toEqual({ definido: false, actualizadoEn: null });
    const sent = t.mailer.sent.length;
    const first = await inject('PUT', '/api/v1/pin', ana.headers, { pinNuevo: '1357' });
    expect(first.json()).toEqual({ definido: true, actualizadoEn: t.clock.now().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = t.mailer.sent[sent]!;
    expect(mail.subject).toContain('Definiste tu PIN de marcaje');
    // 2025-06-02T13:00Z is 09:00:00 in Santiago.
    expect(mail.text).toContain('el 02-06-2025 a las 09:00:00');

    expect((await inject('PUT', '/api/v1/pin', ana.headers, { pinNuevo: '2468' })).json().error.fields.pinActual).toBe('Ingresa tu PIN actual para cambiarlo.');
    expect((await inject('PUT', '/api/v1/pin', ana.headers, { pinActual: '9999', pinNuevo: '2468' })).json().error.fields.pinActual).toBe('El PIN actual no es correcto.');
    t.clock.advance(60_000);
    const changed = await inject('PUT', '/api/v1/pin', ana.headers, { pinActual: '1357', pinNuevo: '2468' });
    expect(changed.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mailer.sent.at(-1)!.subject).toContain('Tu PIN de marcaje cambió');
    expect(t.mailer.sent.at(-1)!.text).toContain('a las 09:01:00');
  });
});

describe('quioscos', () => {
  it('el administrador los abre, los lista y los cierra; el token se guarda solo como hash', async () => {
    const opened = await inject('POST', '/api/v1/quioscos', company.admin.headers, { sedeId: otherSiteId, nombre: 'Bodega 1' });
    const { quiosco, token } = opened.json();
    expect(quiosco).toMatchObject({ nombre: 'Bodega 1', sede: { id: otherSiteId, nombre: 'Bodega' }, revocadoEn: null });
    const [row] = await t.database.db.select().from(kiosks).where(eq(kiosks.id, quiosco.id));
    expect(row!.tokenHash).not.toContain(token);
    expect((await inject('GET', '/api/v1/quiosco/sesion', kiosk(token))).json()).toMatchObject({ nombre: 'Bodega 1', sede: { nombre: 'Bodega' } });
    const list = (await inject('GET', '/api/v1/quioscos', company.admin.headers)).json();
    expect(list.items.map((k: { id: string }) => k.id)).toContain(quiosco.id);
    expect((await inject('POST', `/api/v1/quioscos/${quiosco.id}/revocar`, company.admin.headers)).statusCode).toBe(200);
    const closed = await inject('GET', '/api/v1/quiosco/sesion', kiosk(token));
    expect(closed.statusCode).toBe(401);
    expect(closed.json().error.message).toContain('no está habilitado');
  });

  it('otros perfiles y otras empresas no los administran', async () => {
    const ana = await worker();
    expect((await inject('GET', '/api/v1/quioscos', ana.headers)).statusCode).toBe(403);
    expect((await inject('POST', '/api/v1/quioscos', ana.headers, { sedeId: siteId, nombre: 'X' })).statusCode).toBe(403);
    const other = await companyWithAdmin(t.app);
    const refused = await inject('POST', '/api/v1/quioscos', other.admin.headers, { sedeId: siteId, nombre: 'Ajeno' });
    expect(refused.statusCode).toBe(400);
    const [mine] = (await inject('GET', '/api/v1/quioscos', company.admin.headers)).json().items;
    expect((await inject('POST', `/api/v1/quioscos/${mine.id}/revocar`, other.admin.headers)).statusCode).toBe(404);
  });

  it('el token del quiosco no abre nada más, y una sesión no sirve como quiosco', async () => {
    for (const url of ['/api/v1/usuarios', '/api/v1/sedes', '/api/v1/huella/credenciales', '/api/v1/quioscos', '/api/v1/pin']) {
      expect((await inject('GET', url, kiosk())).statusCode).toBe(401);
      expect((await inject('GET', url, { authorization: `Bearer ${kioskToken}` })).statusCode).toBe(401);
    }
    expect((await inject('GET', '/api/v1/quiosco/sesion', company.admin.headers)).statusCode).toBe(401);
    expect((await inject('POST', '/api/v1/quiosco/marcar-pin', company.admin.headers, { rut: '11111111-1', pin: '1357', tipo: 'entrada' })).statusCode).toBe(401);
  });
});

describe('marcar en el quiosco con RUT y PIN', () => {
  it('registra la marca con método kiosco_pin en la sede del quiosco y muestra el nombre', async () => {
    const ana = await worker({ pin: '1357' });
    const response = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: formatRut(ana.rut), pin: '1357', tipo: 'entrada' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ registrada: true, trabajador: { id: ana.id }, marca: { metodo: 'kiosco_pin', tipo: 'entrada', sedeId: siteId } });
    expect(response.json().marca.dispositivo).toBe('Quiosco Entrada principal');
  });

  it('con un permiso de día completo aprobado para hoy pide confirmar (409, nada registrado) y con la confirmación registra', async () => {
    const ana = await worker({ pin: '1357' });
    const hoy = localDate(t.clock.now());
    const types = (await inject('GET', '/api/v1/tipos-permiso', company.admin.headers)).json().items as { id: string; codigo: string }[];
    const vacaciones = await inject('POST', '/api/v1/permisos', company.admin.headers, { usuarioId: ana.id, tipoId: types.find((x) => x.codigo === 'VAC.')!.id, desde: hoy, hasta: hoy });
    expect(vacaciones.statusCode, vacaciones.body).toBe(201);
    const body = { rut: formatRut(ana.rut), pin: '1357', tipo: 'entrada', idCliente: crypto.randomUUID() };
    const asked = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), body);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({ code: 'MARCA_EN_PERMISO', message: expect.stringContaining('tienes Vacaciones aprobado para hoy. ¿Marcar de todos modos?') });
    expect(await t.database.db.$count(marks, eq(marks.userId, ana.id))).toBe(0);
    const confirmed = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { ...body, confirmarPermiso: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ registrada: true, marca: { metodo: 'kiosco_pin' } });
  });

  it('un PIN incorrecto es un intento pin_incorrecto y tras varios fallos el RUT se bloquea', async () => {
    const ana = await worker({ pin: '1357' });
    for (let i = 1; i < PIN_MAX_FALLOS; i += 1) {
      const wrong = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: ana.rut, pin: '9753', tipo: 'entrada' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe('RUT o PIN incorrectos.');
    }
    const locked = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: ana.rut, pin: '9753', tipo: 'entrada' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    const stillLocked = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: ana.rut, pin: '1357', tipo: 'entrada' });
    expect(stillLocked.statusCode).toBe(429);
    const rows = await t.database.db.select().from(markAttempts).where(and(eq(markAttempts.userId, ana.id), eq(markAttempts.reason, 'pin_incorrecto')));
    expect(rows).toHaveLength(PIN_MAX_FALLOS);
    expect(rows[0]!.method).toBe('kiosco_pin');
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: ana.rut, pin: '1357', tipo: 'entrada' })).statusCode).toBe(200);
  });

  it('solo marca trabajadores de su empresa y su sede', async () => {
    const bodega = await worker({ pin: '1357', site: otherSiteId });
    const other = await companyWithAdmin(t.app);
    const foreign = await addPerson(t.app, t.database.db, other.companyId, 'trabajador');
    await inject('PUT', '/api/v1/pin', foreign.headers, { pinNuevo: '1357' });
    const wrongSite = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: bodega.rut, pin: '1357', tipo: 'entrada' });
    expect(wrongSite.statusCode).toBe(403);
    expect(wrongSite.json().error.message).toBe('Este trabajador no pertenece a la sede de este quiosco.');
    const foreignMark = await inject('POST', '/api/v1/quiosco/marcar-pin', kiosk(), { rut: foreign.rut, pin: '1357', tipo: 'entrada' });
    expect(foreignMark.statusCode).toBe(401);
    const foreignAttempts = await t.database.db.select().from(markAttempts).where(eq(markAttempts.companyId, other.companyId));
    expect(foreignAttempts).toHaveLength(0);
  });

  it('con la huella: la credencial residente identifica al trabajador', async () => {
    const ana = await worker({ pin: '2580' });
    await inject('POST', '/api/v1/huella/consentimiento', ana.headers, { acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION });
    const device = new SoftAuthenticator('http://jornada.test');
    const options = (await inject('POST', '/api/v1/huella/registro/opciones', company.admin.headers, { usuarioId: ana.id })).json();
    expect((await inject('POST', '/api/v1/huella/registro', company.admin.headers, { usuarioId: ana.id, nombreDispositivo: 'Quiosco', respuesta: device.register(options) })).statusCode).toBe(201);

    const assertion = (await inject('POST', '/api/v1/quiosco/huella/opciones', kiosk())).json();
    expect(assertion.allowCredentials ?? []).toEqual([]);
    const mark = await inject('POST', '/api/v1/quiosco/huella/marcar', kiosk(), { tipo: 'entrada', respuesta: device.assert(assertion) });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json()).toMatchObject({ registrada: true, trabajador: { id: ana.id }, marca: { metodo: 'huella', sedeId: siteId } });

    // A credential of another company is unknown to this kiosk.
    const other = await companyWithAdmin(t.app);
    const foreign = await addPerson(t.app, t.database.db, other.companyId, 'trabajador');
    await t.database.db.update(users).set({ metodosMarcaje: ['huella'] as never }).where(eq(users.id, foreign.id));
    await inject('POST', '/api/v1/huella/consentimiento', foreign.headers, { acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION });
    const foreignDevice = new SoftAuthenticator('http://jornada.test');
    const foResponse = await inject('POST', '/api/v1/huella/registro/opciones', foreign.headers, {});
    expect(foResponse.statusCode, foResponse.body).toBe(200);
    const fo = foResponse.json();
    await inject('POST', '/api/v1/huella/registro', foreign.headers, { nombreDispositivo: 'Celular', respuesta: foreignDevice.register(fo) });
    const again = (await inject('POST', '/api/v1/quiosco/huella/opciones', kiosk())).json();
    const unknown = await inject('POST', '/api/v1/quiosco/huella/marcar', kiosk(), { tipo: 'entrada', respuesta: foreignDevice.assert(again) });
    expect(unknown.statusCode).toBe(404);
    const [attempt] = await t.database.db.select().from(markAttempts).where(and(eq(markAttempts.companyId, company.companyId), eq(markAttempts.reason, 'credencial_desconocida')));
    expect(attempt!.userId).toBeNull();
  });
});
