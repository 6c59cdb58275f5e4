import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOLICITAR_CLAVE_MESSAGE } from '@jornada/contracts';
import { inspectorEvents, inspectorKeys, inspectors, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, dotted, registerCompanyWithAdmin, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin } from '../../test/people';
import { THROTTLE } from '../auth/auth.service';
import { inspectorKeyExpiry, normalizeInspectorKey } from './inspector-key';
import {
  chooseEmployer,
  inspectorBearer,
  inspectorData,
  inspectorSession,
  inspectorSignedIn,
  keyFromMail,
  requestKey,
  signInInspector,
} from '../../test/fixtures/inspectors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Monday 2 June 2025, 09:00 in Santiago (UTC-4).
beforeEach(() => t.clock.set('2025-06-02T13:00:00.000Z'));

const profile = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers, payload: {} });
const search = (token: string, q: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/fiscalizacion/empleadores?q=${encodeURIComponent(q)}`, headers: inspectorBearer(token) });

describe('POST /api/v1/fiscalizacion/claves', () => {
  it('refuses an address outside @dt.gob.cl and an invalid RUT with Spanish messages, and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const response = await requestKey(t, inspectorData({ email: 'ana.perez@gmail.com', rut: '12.345.678-9' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Usa tu correo institucional de la Dirección del Trabajo (termina en @dt.gob.cl).',
      rut: 'El RUT no es válido.',
    });
    const lookalike = await requestKey(t, inspectorData({ email: 'ana@dt.gob.cl.example.com' }));
    expect(lookalike.statusCode).toBe(400);
    const missing = await requestKey(t, {});
    expect(missing.json().error.fields).toMatchObject({ email: 'Ingresa tu correo institucional.', nombre: 'Ingresa tu nombre.', apellidos: 'Ingresa tus apellidos.' });
    expect(t.mailer.sent.length).toBe(before);
  });

  it('e-mails a random key valid through 23:59:59 of the fifth calendar day, and stores only its hash', async () => {
    const data = inspectorData({ email: 'Ana.Perez.Mail@DT.gob.cl' });
    const response = await requestKey(t, data);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: SOLICITAR_CLAVE_MESSAGE });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('ana.perez.mail@dt.gob.cl');
    expect(mail.subject).toBe('Tu clave temporal de fiscalización en Jornada');
    expect(mail.text).toContain(`a nombre de Ana Pérez Soto, RUT ${data.rut}`);
    expect(mail.text).toContain('Vence el sábado 07/06/2025 a las 23:59:59 (hora de Chile continental), al término del quinto día corrido desde hoy.');
    expect(mail.text).toContain('http://jornada.test/fiscalizacion');
    const key = keyFromMail(t, 'ana.perez.mail@dt.gob.cl');
    const [row] = await t.database.db
      .select({ keyHash: inspectorKeys.keyHash, expiresAt: inspectorKeys.expiresAt, rut: inspectorKeys.rut })
      .from(inspectorKeys)
      .innerJoin(inspectors, eq(inspectors.id, inspectorKeys.inspectorId))
      .where(eq(inspectors.email, 'ana.perez.mail@dt.gob.cl'));
    expect(row!.expiresAt.toISOString()).toBe('2025-06-08T04:00:00.000Z');
    expect(row!.rut).toBe(data.rut.replaceAll('.', ''));
    expect(row!.keyHash).toMatch(/^\$argon2id\$/);
    expect(row!.keyHash).not.toContain(normalizeInspectorKey(key));
  });

  it('answers exactly the same for a new address and one that already has a key', async () => {
    const data = inspectorData();
    const first = await requestKey(t, data);
    const second = await requestKey(t, data);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    const headerNames = (r: typeof first) => Object.keys(r.headers).filter((h) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(h)).sort();
    expect(headerNames(second)).toEqual(headerNames(first));
  });

  it('a new request replaces the previous key, and carries the identity declared with it', async () => {
    const data = inspectorData();
    await requestKey(t, data);
    const oldKey = keyFromMail(t, data.email);
    await requestKey(t, { ...data, apellidos: 'Pérez Soto de Rojas' });
    const newKey = keyFromMail(t, data.email);
    expect(newKey).not.toBe(oldKey);
    const old = await signInInspector(t, data.email, oldKey);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe('Correo o clave incorrectos. Si pediste más de una clave, usa la del último correo.');
    const fresh = await signInInspector(t, data.email, newKey);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().fiscalizador.apellidos).toBe('Pérez Soto de Rojas');
  });

  it('sends at most 5 keys to one address in 24 hours; the sixth request answers the same and sends nothing', async () => {
    const data = inspectorData();
    for (let i = 0; i < 5; i++) expect((await requestKey(t, data)).statusCode).toBe(200);
    const fifth = keyFromMail(t, data.email);
    const before = t.mailer.sent.length;
    const sixth = await requestKey(t, data);
    expect(sixth.json()).toEqual({ ok: true, message: SOLICITAR_CLAVE_MESSAGE });
    expect(t.mailer.sent.length).toBe(before);
    // The fifth key still works; a day later the address gets keys again.
    expect((await signInInspector(t, data.email, fifth)).statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000);
    await requestKey(t, data);
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('is rate limited per address', async () => {
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestKey(t, inspectorData(), address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/v1/fiscalizacion/ingreso', () => {
  it('signs in with the e-mailed key in any case, with or without dashes, until min(2 hours, key expiry)', async () => {
    const data = inspectorData();
    await requestKey(t, data);
    const key = keyFromMail(t, data.email);
    const response = await signInInspector(t, data.email.toUpperCase(), ` ${key.toLowerCase().replaceAll('-', ' ')} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tokenFiscalizacion: expect.stringMatching(/^[\w-]{43}$/),
      expiraEn: '2025-06-02T15:00:00.000Z',
      claveVenceEn: '2025-06-08T04:00:00.000Z',
      fiscalizador: { nombre: 'Ana', apellidos: 'Pérez Soto', rut: data.rut, email: data.email },
    });
    // The sign-in token is not a company session.
    expect((await profile(inspectorBearer(response.json().tokenFiscalizacion))).statusCode).toBe(401);
  });

  it('answers the same 401 to a wrong key and to an address without a key, and locks like the RUT sign-in', async () => {
    const data = inspectorData();
    await requestKey(t, data);
    const key = keyFromMail(t, data.email);
    const address = '10.77.0.1';
    const wrong = await signInInspector(t, data.email, 'AAAA-BBBB-CCCC', address);
    const unknown = await signInInspector(t, 'nadie@dt.gob.cl', 'AAAA-BBBB-CCCC');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    t.sleeps.length = 0;
    for (let i = 1; i < THROTTLE.rut.lockAfter; i++) expect((await signInInspector(t, data.email, `AAAA-BBBB-CCC${i}`, address)).statusCode).toBe(401);
    expect(t.sleeps).toEqual([1000, 2000, 3000, 4000, 5000]);
    const locked = await signInInspector(t, data.email, key, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Demasiados intentos fallidos de inicio de sesión. Espera 15 minutos antes de volver a intentarlo.');
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advance(THROTTLE.lockMs);
    expect((await signInInspector(t, data.email, key, address)).statusCode).toBe(200);
    const events = await t.database.db.select({ event: inspectorEvents.event }).from(inspectorEvents).where(eq(inspectorEvents.email, data.email));
    expect(events.filter((e) => e.event === 'ingreso_fallido')).toHaveLength(THROTTLE.rut.lockAfter);
    expect(events.filter((e) => e.event === 'ingreso_bloqueado')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'ingreso')).toHaveLength(1);
  });

  it('expiry to the second: the key and every session from it work until 23:59:59 of the fifth day, not at midnight', async () => {
    const company = await companyWithAdmin(t.app);
    const data = inspectorData();
    await requestKey(t, data);
    const key = keyFromMail(t, data.email);

    t.clock.set('2025-06-08T03:59:59.000Z'); // Saturday 7 June, 23:59:59 in Santiago
    const lastSecond = await signInInspector(t, data.email, key);
    expect(lastSecond.statusCode).toBe(200);
    expect(lastSecond.json().expiraEn).toBe('2025-06-08T04:00:00.000Z');
    const chosen = await chooseEmployer(t, lastSecond.json().tokenFiscalizacion, company.companyId);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().expiraEn).toBe('2025-06-08T04:00:00.000Z');
    const session = inspectorBearer(chosen.json().tokenSesion);
    t.clock.set('2025-06-08T03:59:59.999Z');
    expect((await profile(session)).statusCode).toBe(200);

    for (const at of ['2025-06-08T04:00:00.000Z', '2025-06-08T04:00:01.000Z']) {
      t.clock.set(at);
      const expired = await signInInspector(t, data.email, key);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.message).toBe(
        'Tu clave temporal venció el sábado 07/06/2025 a las 23:59:59 (hora de Chile continental). Solicita una clave nueva.',
      );
      expect((await profile(session)).statusCode).toBe(401);
    }
  });

  it('computes the expiry across the changes of time in Chile', () => {
    // Summer time ends on Sunday 2026-04-05 (23:00-23:59 of Saturday happens twice): midnight is 04:00 UTC.
    expect(inspectorKeyExpiry(new Date('2026-03-30T15:00:00Z')).toISOString()).toBe('2026-04-05T04:00:00.000Z');
    // Summer time starts on Sunday 2026-09-06 (00:00-00:59 does not exist): the day starts at 04:00 UTC.
    expect(inspectorKeyExpiry(new Date('2026-08-31T15:00:00Z')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Late at night the day of issue is still Chile's day, not UTC's.
    expect(inspectorKeyExpiry(new Date('2025-06-03T03:30:00Z')).toISOString()).toBe('2025-06-08T04:00:00.000Z');
  });
});

describe('choosing an employer', () => {
  it('finds employers by RUT or by name, showing only razón social and RUT', async () => {
    const { company } = await registerCompanyWithAdmin(t.app);
    const { token } = await inspectorSignedIn(t);
    const byRut = await search(token, company.body.rutEmpresa);
    expect(byRut.statusCode).toBe(200);
    expect(byRut.json()).toEqual({ items: [{ id: company.id, razonSocial: company.body.razonSocial, rut: company.body.rutEmpresa }], hayMas: false });
    const digits = company.body.rutEmpresa.replaceAll('.', '').slice(0, 6);
    expect((await search(token, digits)).json().items).toContainEqual({ id: company.id, razonSocial: company.body.razonSocial, rut: company.body.rutEmpresa });
    const byName = await search(token, company.body.razonSocial.toUpperCase().replace('PANIFICADORA', 'PANIFICADÓRA'));
    expect(byName.json().items).toEqual([{ id: company.id, razonSocial: company.body.razonSocial, rut: company.body.rutEmpresa }]);
    expect((await search(token, 'zz')).statusCode).toBe(400);
    expect((await search(token, '%%%')).json().items).toEqual([]);
    // Without an inspector token nothing is listed, not even with an administrator's session.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/fiscalizacion/empleadores?q=${company.body.rutEmpresa}` })).statusCode).toBe(401);
    const admin = await companyWithAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/empleadores?q=Panificadora', headers: admin.admin.headers })).statusCode).toBe(401);
  });

  it('gives a session token of the company with perfil fiscalizador, the spec’s profile shape, and notifies every active administrator', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const secondAdmin = await addPerson(t.app, t.database.db, company.id, 'administrador');
    const retired = await addPerson(t.app, t.database.db, company.id, 'administrador');
    await addPerson(t.app, t.database.db, company.id, 'trabajador');
    await t.database.db.update(users).set({ active: false }).where(and(eq(users.companyId, company.id), eq(users.id, retired.id)));
    const data = inspectorData({ rut: '12.345.678-5' });
    const { token } = await inspectorSignedIn(t, data);
    const chosen = await chooseEmployer(t, token, company.id, '10.8.0.9');
    expect(chosen.statusCode).toBe(200);
    const body = chosen.json();
    expect(body).toEqual({
      tokenSesion: expect.stringMatching(/^[\w-]{43}$/),
      expiraEn: '2025-06-02T15:00:00.000Z',
      _id: expect.any(String),
      nombre: 'Ana',
      apellidos: 'Pérez Soto',
      razon_social: { nombre: company.body.razonSocial, _id: company.id },
      perfil: 'fiscalizador',
      rut: '12.345.678-5',
      email: data.email,
      direccion: '',
    });
    const { tokenSesion, ...user } = body;
    const { expiraEn: _expiraEn, ...profileShape } = user;
    const me = await profile(inspectorBearer(tokenSesion));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(profileShape);

    const sentBefore = t.mailer.sent.length;
    await t.app.jobs.drain();
    const notices = t.mailer.sent.slice(sentBefore);
    const [secondEmail] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, secondAdmin.id));
    // Active administrators only: not the deactivated one, not the worker.
    expect(notices.map((m) => m.to).sort()).toEqual([admin.email, secondEmail!.email].sort());
    const sentence = `El fiscalizador Ana Pérez Soto (12.345.678-5, ${data.email}) accedió a los registros de ${company.body.razonSocial} el 02/06/2025 a las 09:00.`;
    for (const notice of notices) {
      expect(notice.subject).toBe('Un fiscalizador accedió a los registros de tu empresa');
      expect(notice.text).toContain(sentence);
      expect(notice.text).toContain('http://jornada.test/dashboard/settings/inspections');
    }

    const [access] = await t.database.db
      .select()
      .from(inspectorEvents)
      .where(and(eq(inspectorEvents.companyId, company.id), eq(inspectorEvents.event, 'acceso_empleador')));
    expect(access).toMatchObject({
      email: data.email,
      rut: '12345678-5',
      companyRut: company.body.rutEmpresa.replaceAll('.', ''),
      ip: '10.8.0.9',
      method: 'POST',
      route: '/api/v1/fiscalizacion/empleadores/:id/acceso',
      at: new Date('2025-06-02T13:00:00.000Z'),
    });
  });

  it('switches employer without a new key: the previous employer’s session ends; signing out ends everything', async () => {
    const first = await companyWithAdmin(t.app);
    const second = await companyWithAdmin(t.app);
    const { token } = await inspectorSignedIn(t);
    const a = (await chooseEmployer(t, token, first.companyId)).json().tokenSesion as string;
    expect((await profile(inspectorBearer(a))).json().razon_social._id).toBe(first.companyId);
    // From the employer session itself (the web's "Cambiar empleador").
    const b = await chooseEmployer(t, a, second.companyId);
    expect(b.statusCode).toBe(200);
    const bToken = b.json().tokenSesion as string;
    expect((await profile(inspectorBearer(a))).statusCode).toBe(401);
    expect((await profile(inspectorBearer(bToken))).json().razon_social._id).toBe(second.companyId);
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/sesion', headers: inspectorBearer(bToken) });
    expect(current.json().empleadorActual).toMatchObject({ id: second.companyId });

    expect((await chooseEmployer(t, token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await chooseEmployer(t, token, 'no-es-un-id')).statusCode).toBe(404);

    const logout = await t.app.inject({ method: 'POST', url: '/api/usuarios/logout', headers: inspectorBearer(bToken), payload: {} });
    expect(logout.statusCode).toBe(200);
    expect((await profile(inspectorBearer(bToken))).statusCode).toBe(401);
    // The sign-in token died with it: choosing again needs the key.
    expect((await chooseEmployer(t, token, first.companyId)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/sesion', headers: inspectorBearer(token) })).statusCode).toBe(401);
  });

  it('after a new key request, the old key’s sessions may not open another employer', async () => {
    const company = await companyWithAdmin(t.app);
    const data = inspectorData();
    const { token } = await inspectorSignedIn(t, data);
    await requestKey(t, data);
    const refused = await chooseEmployer(t, token, company.companyId);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('Pediste una clave nueva: ingresa con la clave del último correo para elegir un empleador.');
  });

  it('signing out from step 3 ends the sign-in token', async () => {
    const { token } = await inspectorSignedIn(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/fiscalizacion/salida', headers: inspectorBearer(token), payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await search(token, 'Panificadora')).statusCode).toBe(401);
  });
});

describe('the access log', () => {
  it('logs every request of an inspector session with instant, e-mail, RUT, company RUT, route and IP; administrators read their own', async () => {
    const { company: registered, admin } = await registerCompanyWithAdmin(t.app);
    const company = { companyId: registered.id };
    const adminHeaders = async () => bearer((await signIn(t.app, admin.rut, admin.password)).tokenSesion);
    const other = await companyWithAdmin(t.app);
    const inspector = await inspectorSession(t, company.companyId, inspectorData({ rut: '15.509.661-6' }));
    t.clock.set('2025-06-02T14:15:16.000Z');
    await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: inspector.headers, payload: {}, remoteAddress: '10.9.0.1' });
    t.clock.advance(1000);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?page=1', headers: inspector.headers, remoteAddress: '10.9.0.2' });
    expect(refused.statusCode).toBe(403);

    const log = await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos', headers: await adminHeaders() });
    expect(log.statusCode).toBe(200);
    const page = log.json();
    expect(page.total).toBe(3);
    const [users, me, access] = page.items;
    const companyRut = page.items[0].empresaRut;
    expect(companyRut).toMatch(/^\d{2}\.\d{3}\.\d{3}-[\dK]$/);
    const who = { nombre: 'Ana', apellidos: 'Pérez Soto', rut: '15.509.661-6', email: inspector.data.email };
    expect(users).toEqual({
      id: expect.any(String),
      instante: '2025-06-02T14:15:17.000Z',
      evento: 'consulta',
      fiscalizador: who,
      conClaveTemporal: true,
      empresaRut: companyRut,
      metodo: 'GET',
      ruta: '/api/v1/usuarios',
      recurso: '/api/v1/usuarios?page=1',
      permitido: false,
      ip: '10.9.0.2',
    });
    expect(me).toMatchObject({ evento: 'consulta', ruta: '/api/usuarios/profile', permitido: true, ip: '10.9.0.1', fiscalizador: who });
    expect(access).toMatchObject({ evento: 'acceso_empleador', instante: '2025-06-02T13:00:00.000Z', fiscalizador: who });

    // Another company's administrator sees nothing of it; other perfiles may not read the log (and the inspector's try is logged).
    t.clock.advance(1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos', headers: other.admin.headers })).json().total).toBe(0);
    const worker = await addPerson(t.app, t.database.db, company.companyId, 'trabajador');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos', headers: worker.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos', headers: inspector.headers })).statusCode).toBe(403);

    // Pagination, date filter (days of Chile) and search.
    const second = (await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos?page=2&pageSize=2', headers: await adminHeaders() })).json();
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2, items: [{ ruta: '/api/usuarios/profile' }, { evento: 'acceso_empleador' }] });
    // 03:30 UTC on the 3rd is still 23:30 of the 2nd in Santiago; 04:30 UTC is the 3rd.
    t.clock.set('2025-06-03T03:30:00.000Z');
    await inspectorSession(t, company.companyId, inspectorData({ email: 'luis.soto@dt.gob.cl' }));
    t.clock.set('2025-06-03T04:30:00.000Z');
    await inspectorSession(t, company.companyId, inspectorData({ email: 'luis.soto@dt.gob.cl' }));
    const headers = await adminHeaders();
    const day = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/fiscalizacion/accesos?${q}`, headers });
    expect((await day('hasta=2025-06-02')).json().total).toBe(5);
    expect((await day('desde=2025-06-03')).json().total).toBe(1);
    expect((await day('desde=2025-06-02&hasta=2025-06-03')).json().total).toBe(6);
    expect((await day('desde=2025-06-04')).json().total).toBe(0);
    expect((await day('q=15509661')).json().total).toBe(4);
    expect((await day('q=luis.soto')).json().total).toBe(2);
    expect((await day('q=Pérez')).json().total).toBe(6);
    expect((await day('q=otro@dt.gob.cl')).json().total).toBe(0);
    expect((await day('desde=2025-02-30')).statusCode).toBe(400);
  });

  it('also logs a company user with perfil fiscalizador, who is read-only too', async () => {
    const company = await companyWithAdmin(t.app);
    const auditor = await addPerson(t.app, t.database.db, company.companyId, 'fiscalizador', { nombre: 'Rosa', apellidos: 'Vidal' });
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: auditor.headers, payload: { nombre: 'X' } });
    expect(write.statusCode).toBe(403);
    const items = (await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos', headers: company.admin.headers })).json().items;
    expect(items).toEqual([
      expect.objectContaining({ evento: 'consulta', conClaveTemporal: false, metodo: 'POST', ruta: '/api/v1/grupos', permitido: false, fiscalizador: expect.objectContaining({ nombre: 'Rosa', rut: dotted(auditor.rut) }) }),
    ]);
  });
});
