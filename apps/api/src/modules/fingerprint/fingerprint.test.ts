import { CONSENTIMIENTO_HUELLA_VERSION } from '@jornada/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricConsents, markAttempts, users, webauthnCredentials } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';
import { SoftAuthenticator } from '../../test/soft-authenticator';

let t: TestApp;
let company: Awaited<ReturnType<typeof companyWithAdmin>>;
const ORIGIN = 'http://jornada.test';

beforeAll(async () => {
  t = await createTestApp();
  company = await companyWithAdmin(t.app);
});
afterAll(async () => t?.close());

async function worker(methods: string[] = ['web', 'huella']): Promise<Person> {
  const person = await addPerson(t.app, t.database.db, company.companyId, 'trabajador');
  await t.database.db
    .update(users)
    .set({ metodosMarcaje: methods as never })
    .where(and(eq(users.companyId, company.companyId), eq(users.id, person.id)));
  return person;
}

const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function consent(person: Person) {
  const response = await post('/api/v1/huella/consentimiento', person.headers, { acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function enrol(person: Person, authenticator = new SoftAuthenticator(ORIGIN), nombreDispositivo = 'Celular') {
  const options = await post('/api/v1/huella/registro/opciones', person.headers);
  expect(options.statusCode, options.body).toBe(200);
  const respuesta = authenticator.register(options.json());
  const response = await post('/api/v1/huella/registro', person.headers, { nombreDispositivo, respuesta });
  expect(response.statusCode, response.body).toBe(201);
  return { authenticator, credential: response.json<{ id: string }>() };
}

async function attempts(userId: string) {
  return t.database.db.select().from(markAttempts).where(and(eq(markAttempts.companyId, company.companyId), eq(markAttempts.userId, userId)));
}

describe('consentimiento biométrico', () => {
  it('se registra con versión, texto, fecha, quién e IP antes de cualquier registro de huella', async () => {
    const ana = await worker();
    const before = await get('/api/v1/huella/consentimiento', ana.headers);
    expect(before.json()).toMatchObject({ version: CONSENTIMIENTO_HUELLA_VERSION, consentimiento: null, huellaPermitida: true });
    expect(before.json().texto).toContain('consentimiento');

    const refused = await post('/api/v1/huella/registro/opciones', ana.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('consentimiento expreso');

    const granted = await consent(ana);
    expect(granted).toMatchObject({ usuarioId: ana.id, version: CONSENTIMIENTO_HUELLA_VERSION, confirmacion: 'sesion_trabajador', ip: '127.0.0.1', revocadoEn: null });
    expect(granted.otorgadoEn).toBe(t.clock.now().toISOString());
    expect(granted.registradoPor.id).toBe(ana.id);

    const again = await post('/api/v1/huella/consentimiento', ana.headers, { acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION });
    expect(again.statusCode).toBe(409);
  });

  it('exige aceptar el texto vigente', async () => {
    const ana = await worker();
    const notAccepted = await post('/api/v1/huella/consentimiento', ana.headers, { acepta: false, version: CONSENTIMIENTO_HUELLA_VERSION });
    expect(notAccepted.statusCode).toBe(400);
    const old = await post('/api/v1/huella/consentimiento', ana.headers, { acepta: true, version: '2000-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields.version).toContain('cambió');
  });

  it('un administrador lo captura por un trabajador solo con el PIN del trabajador como firma', async () => {
    const ana = await worker();
    const body = { usuarioId: ana.id, acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION };
    const noPin = await post('/api/v1/huella/consentimiento', company.admin.headers, body);
    expect(noPin.json().error.fields.pinTrabajador).toContain('PIN');
    const withoutDefined = await post('/api/v1/huella/consentimiento', company.admin.headers, { ...body, pinTrabajador: '1357' });
    expect(withoutDefined.json().error.fields.pinTrabajador).toContain('todavía no tiene PIN');
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/pin', headers: ana.headers, payload: { pinNuevo: '1357' } })).statusCode).toBe(200);
    const wrong = await post('/api/v1/huella/consentimiento', company.admin.headers, { ...body, pinTrabajador: '2468' });
    expect(wrong.json().error.fields.pinTrabajador).toBe('El PIN del trabajador no es correcto.');
    const ok = await post('/api/v1/huella/consentimiento', company.admin.headers, { ...body, pinTrabajador: '1357' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ usuarioId: ana.id, confirmacion: 'pin_trabajador', registradoPor: { id: company.admin.id } });
  });

  it('un trabajador no puede consentir por otro (403) y otra empresa no ve al trabajador (404)', async () => {
    const ana = await worker();
    const bea = await worker();
    const body = { usuarioId: bea.id, acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION, pinTrabajador: '1357' };
    expect((await post('/api/v1/huella/consentimiento', ana.headers, body)).statusCode).toBe(403);
    const other = await companyWithAdmin(t.app);
    expect((await post('/api/v1/huella/consentimiento', other.admin.headers, body)).statusCode).toBe(404);
    expect((await get(`/api/v1/huella/consentimiento?usuarioId=${bea.id}`, other.admin.headers)).statusCode).toBe(404);
  });

  it('retirarlo revoca todas las huellas del trabajador', async () => {
    const ana = await worker();
    await consent(ana);
    await enrol(ana);
    await enrol(ana, new SoftAuthenticator(ORIGIN), 'Tablet');
    const withdraw = await post('/api/v1/huella/consentimiento/retirar', ana.headers);
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const creds = await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, ana.id));
    expect(creds).toHaveLength(2);
    expect(creds.every((c) => c.revokedAt !== null)).toBe(true);
    const rows = await t.database.db.select().from(biometricConsents).where(eq(biometricConsents.userId, ana.id));
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect((await post('/api/v1/huella/registro/opciones', ana.headers)).statusCode).toBe(400);
  });
});

describe('registro de huella (WebAuthn)', () => {
  it('pide autenticador de plataforma, verificación de usuario y credencial residente', async () => {
    const ana = await worker();
    await consent(ana);
    const options = (await post('/api/v1/huella/registro/opciones', ana.headers)).json();
    expect(options.rp).toEqual({ name: 'Jornada', id: 'jornada.test' });
    expect(options.authenticatorSelection).toMatchObject({ authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' });
    expect(options.user.displayName).toContain('Persona');
  });

  it('guarda la credencial verificada; el desafío sirve una vez y vence a los 5 minutos', async () => {
    const ana = await worker();
    await consent(ana);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = (await post('/api/v1/huella/registro/opciones', ana.headers)).json();
    const respuesta = authenticator.register(options);
    const ok = await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'Celular de Ana', respuesta });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ nombreDispositivo: 'Celular de Ana', usuario: { id: ana.id }, ultimoUso: null, revocadaEn: null });
    const replay = await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'Otra vez', respuesta });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toContain('venció o ya se usó');

    const late = (await post('/api/v1/huella/registro/opciones', ana.headers)).json();
    t.clock.advance(5 * 60 * 1000 + 1);
    const expired = await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'Tarde', respuesta: new SoftAuthenticator(ORIGIN).register(late) });
    expect(expired.statusCode).toBe(400);
  });

  it('rechaza sin verificación de usuario, de otro origen o para quien no tiene la huella permitida', async () => {
    const ana = await worker();
    await consent(ana);
    const noUv = (await post('/api/v1/huella/registro/opciones', ana.headers)).json();
    const r1 = await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'X', respuesta: new SoftAuthenticator(ORIGIN).register(noUv, { userVerified: false }) });
    expect(r1.statusCode).toBe(400);
    const evil = (await post('/api/v1/huella/registro/opciones', ana.headers)).json();
    const r2 = await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'X', respuesta: new SoftAuthenticator('http://evil.test').register(evil) });
    expect(r2.statusCode).toBe(400);

    const webOnly = await worker(['web']);
    await consent(webOnly);
    const refused = await post('/api/v1/huella/registro/opciones', webOnly.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('no tiene la huella entre sus métodos');
  });

  it('un administrador registra la huella de un trabajador en un equipo compartido', async () => {
    const ana = await worker();
    await t.app.inject({ method: 'PUT', url: '/api/v1/pin', headers: ana.headers, payload: { pinNuevo: '2580' } });
    await post('/api/v1/huella/consentimiento', company.admin.headers, { usuarioId: ana.id, acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION, pinTrabajador: '2580' });
    const options = (await post('/api/v1/huella/registro/opciones', company.admin.headers, { usuarioId: ana.id })).json();
    const respuesta = new SoftAuthenticator(ORIGIN).register(options);
    // The worker cannot finish a ceremony the administrator started.
    expect((await post('/api/v1/huella/registro', ana.headers, { nombreDispositivo: 'Quiosco', respuesta })).statusCode).toBe(400);
    const options2 = (await post('/api/v1/huella/registro/opciones', company.admin.headers, { usuarioId: ana.id })).json();
    const ok = await post('/api/v1/huella/registro', company.admin.headers, { usuarioId: ana.id, nombreDispositivo: 'Quiosco bodega', respuesta: new SoftAuthenticator(ORIGIN).register(options2) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().registradaPor).toContain('María José');
  });
});

describe('registro de huellas y pendientes', () => {
  it('lista credenciales con filtros, revoca (administrador) y muestra quién no ha registrado', async () => {
    const ana = await worker();
    const pendiente = await worker();
    await consent(ana);
    const { credential } = await enrol(ana, new SoftAuthenticator(ORIGIN), 'Tablet recepción');
    const list = await get(`/api/v1/huella/credenciales?usuarioId=${ana.id}`, company.admin.headers);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: credential.id, nombreDispositivo: 'Tablet recepción' }] });
    const pending = (await get('/api/v1/huella/pendientes?pageSize=100', company.admin.headers)).json();
    const ids = pending.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(pendiente.id);
    expect(ids).not.toContain(ana.id);

    expect((await get('/api/v1/huella/credenciales', ana.headers)).statusCode).toBe(403);
    const other = await companyWithAdmin(t.app);
    expect((await get('/api/v1/huella/credenciales', other.admin.headers)).json().total).toBe(0);
    expect((await post(`/api/v1/huella/credenciales/${credential.id}/revocar`, other.admin.headers)).statusCode).toBe(404);

    const revoked = await post(`/api/v1/huella/credenciales/${credential.id}/revocar`, company.admin.headers);
    expect(revoked.statusCode).toBe(200);
    expect((await get(`/api/v1/huella/credenciales?usuarioId=${ana.id}&estado=revocadas`, company.admin.headers)).json().total).toBe(1);
    expect((await get('/api/v1/huella/pendientes?pageSize=100', company.admin.headers)).json().items.map((p: { id: string }) => p.id)).toContain(ana.id);
  });
});

describe('marcar con la huella', () => {
  it('verifica la aserción y registra la marca con método huella; actualiza contador y último uso', async () => {
    const ana = await worker();
    await consent(ana);
    const { authenticator, credential } = await enrol(ana);
    const options = (await post('/api/v1/huella/marcar/opciones', ana.headers)).json();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toHaveLength(1);
    const respuesta = authenticator.assert(options);
    const mark = await post('/api/v1/huella/marcar', ana.headers, { tipo: 'entrada', respuesta });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json()).toMatchObject({ registrada: true, marca: { tipo: 'entrada', metodo: 'huella', usuarioId: ana.id }, trabajador: { id: ana.id } });
    expect(mark.json().comprobante.hash).toHaveLength(64);
    const [row] = await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, credential.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();

    // The same assertion again: the challenge is spent → attempt huella_no_verificada.
    const replay = await post('/api/v1/huella/marcar', ana.headers, { tipo: 'salida', respuesta });
    expect(replay.statusCode).toBe(400);
    expect((await attempts(ana.id)).map((a) => a.reason)).toContain('huella_no_verificada');
  });

  it('sin verificación de usuario o con una huella revocada queda como intento', async () => {
    const ana = await worker();
    await consent(ana);
    const { authenticator, credential } = await enrol(ana);
    const noUv = (await post('/api/v1/huella/marcar/opciones', ana.headers)).json();
    const r1 = await post('/api/v1/huella/marcar', ana.headers, { tipo: 'entrada', respuesta: authenticator.assert(noUv, { userVerified: false }) });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toContain('No pudimos verificar tu huella');

    const options = (await post('/api/v1/huella/marcar/opciones', ana.headers)).json();
    await post(`/api/v1/huella/credenciales/${credential.id}/revocar`, company.admin.headers);
    const r2 = await post('/api/v1/huella/marcar', ana.headers, { tipo: 'entrada', respuesta: authenticator.assert(options) });
    expect(r2.statusCode).toBe(404);
    const reasons = (await attempts(ana.id)).map((a) => a.reason).sort();
    expect(reasons).toEqual(['credencial_desconocida', 'huella_no_verificada']);
    expect((await post('/api/v1/huella/marcar/opciones', ana.headers)).json().error.message).toContain('No tienes huellas registradas');
  });

  it('la huella de otro trabajador no marca por mí', async () => {
    const ana = await worker();
    const bea = await worker();
    await consent(ana);
    await consent(bea);
    await enrol(ana);
    const { authenticator } = await enrol(bea);
    const options = (await post('/api/v1/huella/marcar/opciones', ana.headers)).json();
    const response = await post('/api/v1/huella/marcar', ana.headers, { tipo: 'entrada', respuesta: authenticator.assert({ ...options, allowCredentials: [] }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Esta huella pertenece a otra persona.');
  });
});
