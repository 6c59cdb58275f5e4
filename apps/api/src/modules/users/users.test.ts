import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_TOKEN_TTL_MS } from '@jornada/contracts';
import { logins, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, dotted, registerCompany, registerCompanyWithAdmin, signIn, uniqueRut, userBody } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const crear = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/usuarios/crear', payload: payload as object, headers });

describe('POST /api/usuarios/crear with the onboarding token', () => {
  it('creates the principal administrator with every field, a hashed password and its sign-in login', async () => {
    const company = await registerCompany(t.app);
    const body = userBody(company.body.razonSocial, { fin_contrato: '2026-12-31' });
    const response = await crear(body, { 'x-onboarding-token': company.onboardingToken });
    expect(response.statusCode).toBe(200);
    const { _id } = response.json();
    expect(response.json()).toEqual({ ok: true, _id: expect.any(String) });

    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.id, _id)));
    expect(row).toMatchObject({
      nombre: body.nombre,
      apellidos: body.apellidos,
      cargo: body.cargo,
      rut: body.rut.replaceAll('.', ''),
      email: body.email,
      direccion: body.direccion,
      telefono: body.telefono,
      perfil: 'administrador',
      principal: true,
      inicioContrato: '2024-03-01',
      finContrato: '2026-12-31',
      active: true,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [login] = await t.database.db.select().from(logins).where(eq(logins.rut, row!.rut));
    expect(login).toEqual({ rut: row!.rut, companyId: company.id, userId: _id });

    await signIn(t.app, body.rut, body.password);
  });

  it('accepts the razón social with other case, spacing and accents', async () => {
    const company = await registerCompany(t.app, { razonSocial: 'Comercial Los Andes SpA' });
    const response = await crear(userBody('  comercial   los ándes SPA '), { 'x-onboarding-token': company.onboardingToken });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a razón social that is not the company’s, and the token stays usable', async () => {
    const company = await registerCompany(t.app);
    const wrong = await crear(userBody('Otra Empresa Limitada'), { 'x-onboarding-token': company.onboardingToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        code: 'VALIDATION',
        message: expect.any(String),
        fields: { razon_social: 'La razón social no coincide con la de la empresa registrada.' },
      },
    });
    const right = await crear(userBody(company.body.razonSocial), { 'x-onboarding-token': company.onboardingToken });
    expect(right.statusCode).toBe(200);
  });

  it('uses the token once: a second principal user is refused', async () => {
    const company = await registerCompany(t.app);
    const headers = { 'x-onboarding-token': company.onboardingToken };
    expect((await crear(userBody(company.body.razonSocial), headers)).statusCode).toBe(200);
    const second = await crear(userBody(company.body.razonSocial), headers);
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toEqual({
      code: 'ONBOARDING_TOKEN_INVALID',
      message: expect.stringContaining('no es válido, ya se usó o venció'),
    });
  });

  it('lets only one of two simultaneous requests with the same token through', async () => {
    const company = await registerCompany(t.app);
    const headers = { 'x-onboarding-token': company.onboardingToken };
    const answers = await Promise.all([crear(userBody(company.body.razonSocial), headers), crear(userBody(company.body.razonSocial), headers)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const admins = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.perfil, 'administrador')));
    expect(admins).toHaveLength(1);
  });

  it('refuses an expired token (24 hours) and accepts it one millisecond before', async () => {
    const expiring = await registerCompany(t.app);
    t.clock.advance(ONBOARDING_TOKEN_TTL_MS);
    const late = await crear(userBody(expiring.body.razonSocial), { 'x-onboarding-token': expiring.onboardingToken });
    expect(late.statusCode).toBe(403);

    const fresh = await registerCompany(t.app);
    t.clock.advance(ONBOARDING_TOKEN_TTL_MS - 1);
    const inTime = await crear(userBody(fresh.body.razonSocial), { 'x-onboarding-token': fresh.onboardingToken });
    expect(inTime.statusCode).toBe(200);
  });

  it('refuses an unknown token and a request with neither token nor session', async () => {
    const company = await registerCompany(t.app);
    const unknown = await crear(userBody(company.body.razonSocial), { 'x-onboarding-token': 'no-existe' });
    expect(unknown.statusCode).toBe(403);
    const anonymous = await crear(userBody(company.body.razonSocial));
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error.code).toBe('ONBOARDING_TOKEN_INVALID');
  });

  it('validates every field with Spanish messages', async () => {
    const company = await registerCompany(t.app);
    const response = await crear(
      {
        nombre: '',
        apellidos: '',
        rut: '12.345.678-9',
        password: 'corta',
        email: 'correo@',
        razon_social: company.body.razonSocial,
        inicio_contrato: '2024-02-30',
      },
      { 'x-onboarding-token': company.onboardingToken },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      nombre: 'Ingresa el nombre.',
      apellidos: 'Ingresa los apellidos.',
      rut: 'El RUT no es válido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
      email: 'El correo electrónico no es válido.',
      inicio_contrato: 'La fecha no existe en el calendario.',
    });
  });

  it('refuses a contract that ends before it starts', async () => {
    const company = await registerCompany(t.app);
    const response = await crear(userBody(company.body.razonSocial, { inicio_contrato: '2025-03-01', fin_contrato: '2025-02-28' }), {
      'x-onboarding-token': company.onboardingToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ fin_contrato: 'El fin de contrato no puede ser anterior al inicio.' });
  });

  it('accepts the RUT of a person who already works for another company: a RUT is unique within a company', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const other = await registerCompany(t.app);
    const response = await crear(userBody(other.body.razonSocial, { rut: admin.rut.replaceAll('.', '') }), {
      'x-onboarding-token': other.onboardingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.rut, admin.rut.replaceAll('.', '')));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /api/usuarios/crear with a session', () => {
  it('lets an administrator add a trabajador to their own company', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
    const worker = userBody(company.body.razonSocial, { nombre: 'Juan Pablo', rut: dotted(uniqueRut()) });
    const response = await crear(worker, bearer(tokenSesion));
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.id, response.json()._id)));
    expect(row).toMatchObject({ perfil: 'trabajador', principal: false, companyId: company.id });

    const signedIn = await signIn(t.app, worker.rut, worker.password);
    const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(signedIn.tokenSesion) });
    expect(profile.json()).toMatchObject({ perfil: 'trabajador', razon_social: { _id: company.id } });
  });

  it('refuses a worker who is not an administrator with 403', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const adminToken = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const worker = userBody(company.body.razonSocial);
    expect((await crear(worker, bearer(adminToken))).statusCode).toBe(200);
    const workerToken = (await signIn(t.app, worker.rut, worker.password)).tokenSesion;
    const response = await crear(userBody(company.body.razonSocial), bearer(workerToken));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: 'Solo un administrador puede crear usuarios.' });
  });

  it('refuses a razón social of another company, so an administrator cannot write into another tenant', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const other = await registerCompany(t.app);
    const adminToken = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const response = await crear(userBody(other.body.razonSocial), bearer(adminToken));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('razon_social');
  });

  it('answers 401 to an invalid Bearer token without onboarding token', async () => {
    const company = await registerCompany(t.app);
    const response = await crear(userBody(company.body.razonSocial), bearer('token-inventado'));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});
