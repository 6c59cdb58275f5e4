import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@jornada/contracts';
import { authAudit, sessions, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, dotted, registerCompany, registerCompanyWithAdmin, signIn, uniqueRut, userBody } from '../../test/factories';
import { THROTTLE } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test signs in from its own address so the per-address throttle of one test never touches another. */
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const auth = (payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: payload as object, remoteAddress });
const profile = (token: string, viaBody = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/usuarios/profile',
    ...(viaBody ? { payload: { token } } : { headers: bearer(token), payload: { token } }),
  });
const logout = (token: string) => t.app.inject({ method: 'POST', url: '/api/usuarios/logout', headers: bearer(token), payload: { token } });

const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.' } };

describe('POST /api/usuarios/auth', () => {
  it('signs in with the RUT in any usual format and returns the token and the user fields of the spec', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const plain = admin.rut.replaceAll('.', '').replace('-', '');
    for (const rut of [admin.rut, admin.rut.replaceAll('.', ''), plain]) {
      const response = await auth({ rut, password: admin.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        tokenSesion: expect.stringMatching(/^[\w-]{43}$/),
        expiraEn: new Date(t.clock.now().getTime() + SESSION_TTL_MS).toISOString(),
        _id: admin._id,
        nombre: admin.nombre,
        apellidos: admin.apellidos,
        razon_social: { nombre: company.body.razonSocial, _id: company.id },
        perfil: 'administrador',
        rut: admin.rut,
        email: admin.email,
        direccion: admin.direccion,
      });
    }
  });

  it('answers 401 without tokenSesion, identical for an unknown RUT, a wrong password and a malformed RUT', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const wrongPassword = await auth({ rut: admin.rut, password: 'no-es-la-clave' });
    const unknownRut = await auth({ rut: uniqueRut(), password: 'no-es-la-clave' });
    const malformed = await auth({ rut: 'hola', password: 'no-es-la-clave' });
    for (const response of [wrongPassword, unknownRut, malformed]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'RUT o contraseña incorrectos.' } });
      expect(response.body).not.toContain('tokenSesion');
    }
    const headerNames = (r: typeof wrongPassword) => Object.keys(r.headers).filter((h) => h !== 'date').sort();
    expect(headerNames(unknownRut)).toEqual(headerNames(wrongPassword));
    expect(unknownRut.headers['content-length']).toBe(wrongPassword.headers['content-length']);
  });

  it('validates the body with Spanish messages', async () => {
    const response = await auth({ rut: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ rut: 'Ingresa tu RUT.', password: 'Ingresa tu contraseña.' });
    const missing = await auth({});
    expect(missing.json().error.fields).toEqual({ rut: 'Ingresa tu RUT.', password: 'Ingresa tu contraseña.' });
  });

  it('refuses inactive users and users whose contract ended, with the same 401', async () => {
    t.clock.set('2025-06-02T13:00:00.000Z');
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const adminToken = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const ended = userBody(company.body.razonSocial, { inicio_contrato: '2024-01-01', fin_contrato: '2025-06-01' });
    const endsToday = userBody(company.body.razonSocial, { inicio_contrato: '2024-01-01', fin_contrato: '2025-06-02' });
    for (const worker of [ended, endsToday]) {
      const created = await t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers: bearer(adminToken), payload: worker });
      expect(created.statusCode).toBe(200);
    }
    // The test clock reads 2025-06-02 09:00 in Santiago: the last day of a contract still counts.
    expect((await auth({ rut: endsToday.rut, password: endsToday.password })).statusCode).toBe(200);
    const refused = await auth({ rut: ended.rut, password: ended.password });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('INVALID_CREDENTIALS');

    await t.database.db.update(users).set({ active: false }).where(eq(users.rut, admin.rut.replaceAll('.', '')));
    expect((await auth({ rut: admin.rut, password: admin.password })).statusCode).toBe(401);
    // Deactivation also ends the sessions already open.
    expect((await profile(adminToken)).statusCode).toBe(401);
  });

  it('audits sign-ins and failures with the address and the browser', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/auth',
      payload: { rut: admin.rut, password: 'mala-clave-1' },
      remoteAddress: '10.77.0.1',
      headers: { 'user-agent': 'Prueba/1.0' },
    });
    await signIn(t.app, admin.rut, admin.password, '10.77.0.1');
    const rows = await t.database.db.select().from(authAudit).where(eq(authAudit.companyId, company.id));
    expect(rows.map((r) => r.event)).toEqual(['login_failed', 'login_ok']);
    expect(rows[0]).toMatchObject({ userId: admin._id, rut: admin.rut.replaceAll('.', ''), ip: '10.77.0.1', userAgent: 'Prueba/1.0' });
  });
});

describe('POST /api/usuarios/profile', () => {
  it('returns the user fields for a token in the Authorization header or in the body', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
    const expected = {
      _id: admin._id,
      nombre: admin.nombre,
      apellidos: admin.apellidos,
      razon_social: { nombre: company.body.razonSocial, _id: company.id },
      perfil: 'administrador',
      rut: admin.rut,
      email: admin.email,
      direccion: admin.direccion,
    };
    for (const viaBody of [false, true]) {
      const response = await profile(tokenSesion, viaBody);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const headerOnly = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(tokenSesion) });
    expect(headerOnly.statusCode).toBe(200);
  });

  it('answers 401 to an unknown token and to no token at all', async () => {
    expect((await profile('desconocido')).json()).toEqual(UNAUTHENTICATED);
    const none = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHENTICATED);
  });

  it('expires exactly 2 hours after sign-in', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
    t.clock.advance(SESSION_TTL_MS - 1);
    expect((await profile(tokenSesion)).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await profile(tokenSesion);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('POST /api/usuarios/logout', () => {
  it('revokes the token at once, leaves other sessions alone, and audits it', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const first = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const second = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const response = await logout(first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
    const again = await logout(first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(UNAUTHENTICATED);
    const events = await t.database.db
      .select({ event: authAudit.event })
      .from(authAudit)
      .where(and(eq(authAudit.companyId, company.id), eq(authAudit.event, 'logout')));
    expect(events).toHaveLength(1);
  });

  it('answers 401 to an expired token', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
    t.clock.advance(SESSION_TTL_MS);
    expect((await logout(tokenSesion)).statusCode).toBe(401);
  });
});

describe('brute-force protection', () => {
  it('slows a RUT down after 5 failures from an address, refuses it there with 429 after 10 even with the right password, and lets it in 15 minutes later', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    t.sleeps.length = 0;
    const address = nextAddress();
    const wrong = () => auth({ rut: admin.rut, password: 'adivinando' }, address);
    for (let i = 0; i < THROTTLE.rut.slowAfter; i++) expect((await wrong()).statusCode).toBe(401);
    expect(t.sleeps).toEqual([]);
    for (let i = THROTTLE.rut.slowAfter; i < THROTTLE.rut.lockAfter; i++) expect((await wrong()).statusCode).toBe(401);
    expect(t.sleeps).toEqual([1000, 2000, 3000, 4000, 5000]);

    const locked = await auth({ rut: admin.rut, password: admin.password }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Demasiados intentos fallidos de inicio de sesión. Espera 15 minutos antes de volver a intentarlo o restablece tu contraseña.',
      },
    });
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.body).not.toContain('tokenSesion');

    t.clock.advance(THROTTLE.lockMs - 1000);
    expect((await auth({ rut: admin.rut, password: admin.password }, address)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await auth({ rut: admin.rut, password: admin.password }, address)).statusCode).toBe(200);
  });

  it('locks an unknown RUT exactly like a real one, so a lock reveals nothing', async () => {
    const rut = uniqueRut();
    const address = nextAddress();
    const answers: number[] = [];
    for (let i = 0; i <= THROTTLE.rut.lockAfter; i++) answers.push((await auth({ rut, password: 'adivinando' }, address)).statusCode);
    expect(answers).toEqual([...Array(THROTTLE.rut.lockAfter).fill(401), 429]);
  });

  it('forgets old failures after the 15-minute window and resets the count after a success', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const wrong = () => auth({ rut: admin.rut, password: 'adivinando' });
    for (let i = 0; i < THROTTLE.rut.lockAfter - 1; i++) await wrong();
    t.clock.advance(THROTTLE.windowMs);
    for (let i = 0; i < THROTTLE.rut.lockAfter - 1; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await auth({ rut: admin.rut, password: admin.password })).statusCode).toBe(200);
    for (let i = 0; i < THROTTLE.rut.lockAfter - 1; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await auth({ rut: admin.rut, password: admin.password })).statusCode).toBe(200);
  });

  it('refuses one address that tries many RUTs, without blocking the same people elsewhere', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const address = '10.200.0.1';
    t.sleeps.length = 0;
    for (let i = 0; i < THROTTLE.ip.lockAfter; i++) {
      expect((await auth({ rut: uniqueRut(), password: 'adivinando' }, address)).statusCode).toBe(401);
    }
    expect(t.sleeps.length).toBe(THROTTLE.ip.lockAfter - THROTTLE.ip.slowAfter);
    expect((await auth({ rut: admin.rut, password: admin.password }, address)).statusCode).toBe(429);
    expect((await auth({ rut: admin.rut, password: admin.password }, '10.200.0.2')).statusCode).toBe(200);
  });

  it('audits the lock', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const address = nextAddress();
    for (let i = 0; i < THROTTLE.rut.lockAfter; i++) await auth({ rut: admin.rut, password: 'adivinando' }, address);
    const events = await t.database.db
      .select({ event: authAudit.event })
      .from(authAudit)
      .where(and(eq(authAudit.companyId, company.id), eq(authAudit.event, 'login_locked')));
    expect(events).toHaveLength(1);
  });
});

describe('a RUT with an account in several companies (a person with two employers)', () => {
  /** The same person (RUT) as principal administrator of two new companies, with the passwords given. */
  async function twoEmployers(passwords: [string, string]) {
    const rut = dotted(uniqueRut());
    const a = await registerCompanyWithAdmin(t.app, { rut, password: passwords[0] });
    t.clock.advance(1000);
    const b = await registerCompanyWithAdmin(t.app, { rut, password: passwords[1] });
    return { rut, a, b };
  }
  const employer = (c: Awaited<ReturnType<typeof registerCompanyWithAdmin>>) => ({ id: c.company.id, razonSocial: c.company.body.razonSocial, rut: c.company.body.rutEmpresa });

  it('one password for both: answers the two employers without a session, and the call with empresaId opens each', async () => {
    const { rut, a, b } = await twoEmployers(['misma-clave-1', 'misma-clave-1']);
    const sessionsBefore = (await t.database.db.select().from(sessions)).length;
    const choose = await auth({ rut, password: 'misma-clave-1' });
    expect(choose.statusCode).toBe(200);
    // The oldest account first; no token, so the web stays signed out until one is chosen.
    expect(choose.json()).toEqual({ empleadores: [employer(a), employer(b)] });
    expect(choose.body).not.toContain('tokenSesion');
    expect((await t.database.db.select().from(sessions)).length).toBe(sessionsBefore);

    for (const chosen of [a, b]) {
      const response = await auth({ rut: rut.replaceAll('.', ''), password: 'misma-clave-1', empresaId: chosen.company.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        tokenSesion: expect.stringMatching(/^[\w-]{43}$/),
        _id: chosen.admin._id,
        razon_social: { nombre: chosen.company.body.razonSocial, _id: chosen.company.id },
        rut,
      });
      const me = await profile(response.json().tokenSesion);
      expect(me.json()).toMatchObject({ _id: chosen.admin._id, razon_social: { _id: chosen.company.id } });
    }
  });

  it('a password for each: each password signs in straight to its own company', async () => {
    const { rut, a, b } = await twoEmployers(['clave-de-la-a-1', 'clave-de-la-b-1']);
    for (const [password, chosen] of [['clave-de-la-a-1', a], ['clave-de-la-b-1', b]] as const) {
      const response = await auth({ rut, password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ tokenSesion: expect.any(String), _id: chosen.admin._id, razon_social: { _id: chosen.company.id } });
    }
    // Naming the other company does not open it with this password.
    const other = await auth({ rut, password: 'clave-de-la-a-1', empresaId: b.company.id });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'RUT o contraseña incorrectos.' } });
  });

  it('a wrong password, or a company where the RUT has no account, is the 401 of an unknown RUT', async () => {
    const { rut, a } = await twoEmployers(['misma-clave-2', 'misma-clave-2']);
    const stranger = await registerCompany(t.app);
    const wrong = await auth({ rut, password: 'no-es-la-clave' });
    const unknown = await auth({ rut: uniqueRut(), password: 'no-es-la-clave' });
    const elsewhere = await auth({ rut, password: 'misma-clave-2', empresaId: stranger.id });
    const notAnId = await auth({ rut, password: 'misma-clave-2', empresaId: 'a'.repeat(36) });
    for (const response of [wrong, unknown, elsewhere]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'RUT o contraseña incorrectos.' } });
      expect(response.headers['content-length']).toBe(unknown.headers['content-length']);
    }
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields).toEqual({ empresaId: 'La empresa no es válida.' });
    expect((await auth({ rut, password: 'misma-clave-2', empresaId: a.company.id })).statusCode).toBe(200);
  });

  it('an account that can no longer sign in is left out: the other company opens straight away', async () => {
    t.clock.set('2025-06-02T13:00:00.000Z');
    const rut = dotted(uniqueRut());
    const a = await registerCompanyWithAdmin(t.app);
    const b = await registerCompanyWithAdmin(t.app);
    const ids: string[] = [];
    for (const c of [a, b]) {
      const token = (await signIn(t.app, c.admin.rut, c.admin.password)).tokenSesion;
      const worker = userBody(c.company.body.razonSocial, { rut, password: 'clave-del-trabajador-1' });
      const created = await t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers: bearer(token), payload: worker });
      expect(created.statusCode, created.body).toBe(200);
      ids.push(created.json()._id);
    }
    expect((await auth({ rut, password: 'clave-del-trabajador-1' })).json().empleadores).toHaveLength(2);
    const bToken = (await signIn(t.app, b.admin.rut, b.admin.password)).tokenSesion;
    const ended = await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${ids[1]}/desactivar`, headers: bearer(bToken), payload: { finContrato: '2025-06-01' } });
    expect(ended.statusCode, ended.body).toBe(200);
    const response = await auth({ rut, password: 'clave-del-trabajador-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: ids[0], razon_social: { _id: a.company.id } });
    expect((await auth({ rut, password: 'clave-del-trabajador-1', empresaId: b.company.id })).statusCode).toBe(401);
  });

  it('failures count per RUT whichever company: the lock holds for both, and the chooser answer resets the count like a sign-in', async () => {
    const { rut, a } = await twoEmployers(['misma-clave-3', 'misma-clave-3']);
    const address = nextAddress();
    const wrong = () => auth({ rut, password: 'adivinando' }, address);
    for (let i = 0; i < THROTTLE.rut.lockAfter - 1; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await auth({ rut, password: 'misma-clave-3' }, address)).json().empleadores).toHaveLength(2);
    for (let i = 0; i < THROTTLE.rut.lockAfter - 1; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(401);
    expect((await auth({ rut, password: 'misma-clave-3', empresaId: a.company.id }, address)).statusCode).toBe(429);
    expect((await auth({ rut, password: 'misma-clave-3' }, address)).statusCode).toBe(429);
  });
});
