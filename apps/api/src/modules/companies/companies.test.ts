import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_TOKEN_TTL_MS } from '@jornada/contracts';
import { companies } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { companyBody, dotted, registerCompany, uniqueRut, userBody } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const crear = (payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/empresa/crear', payload: payload as object, remoteAddress });

describe('POST /api/empresa/crear', () => {
  it('registers the company with every field of the form and returns its id and an onboarding token', async () => {
    const body = companyBody({ rutEmpresa: '76.086.428-5', resolucion: false, comentario: 'Tres turnos' });
    const response = await crear(body);
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toEqual({ ok: true, _id: expect.any(String), onboardingToken: expect.stringMatching(/^[\w-]{43}$/) });

    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, json._id));
    expect(row).toMatchObject({
      rut: '76086428-5',
      nombre: body.nombre,
      razonSocial: body.razonSocial,
      direccion: body.direccion,
      telefono: body.telefono,
      email: body.email,
      rubro: body.rubro,
      resolucion: false,
      comentario: 'Tres turnos',
    });
  });

  it('accepts the RUT without dots or dash and with a lower-case k, storing it normalised', async () => {
    let rut = uniqueRut(76_000_000, 77_999_999);
    while (!rut.endsWith('K')) rut = uniqueRut(76_000_000, 77_999_999);
    const response = await crear(companyBody({ rutEmpresa: rut.replace('-', '').toLowerCase() }));
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, response.json()._id));
    expect(row!.rut).toBe(rut);
  });

  it('refuses a RUT with a wrong check digit, naming the field in Spanish', async () => {
    const response = await crear(companyBody({ rutEmpresa: '76.086.428-6' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION', message: expect.stringContaining('error en la data'), fields: { rutEmpresa: 'El RUT no es válido.' } },
    });
  });

  it('requires nombre and razonSocial and a valid e-mail, each with its own Spanish message', async () => {
    const response = await crear({ rutEmpresa: dotted(uniqueRut(76_000_000, 77_999_999)), email: 'no-es-correo', nombre: '  ' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(fields).toMatchObject({
      nombre: 'Ingresa el nombre.',
      razonSocial: 'Ingresa la razón social.',
      email: 'El correo electrónico no es válido.',
    });
  });

  it('answers 400 in Spanish to an empty JSON body and to broken JSON', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/empresa/crear', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/crear',
      headers: { 'content-type': 'application/json' },
      payload: '{"nombre":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'VALIDATION', message: 'El cuerpo de la solicitud no es JSON válido.' } });
  });

  it('refuses a RUT already registered with 409 and a Spanish message', async () => {
    const first = await registerCompany(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/crear',
      headers: { 'x-onboarding-token': first.onboardingToken },
      payload: userBody(first.body.razonSocial),
    });
    const again = await crear(companyBody({ rutEmpresa: first.body.rutEmpresa }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Ya existe una empresa registrada con ese RUT.',
        fields: { rutEmpresa: 'Ya existe una empresa registrada con ese RUT.' },
      },
    });
  });

  it('refuses the same RUT while a pending registration still has a live token', async () => {
    const first = await registerCompany(t.app);
    const again = await crear(companyBody({ rutEmpresa: first.body.rutEmpresa }));
    expect(again.statusCode).toBe(409);
  });

  it('lets an abandoned registration (no users, token expired) be registered again, keeping the company id', async () => {
    const first = await registerCompany(t.app);
    t.clock.advance(ONBOARDING_TOKEN_TTL_MS + 1);
    const again = await crear(companyBody({ rutEmpresa: first.body.rutEmpresa, razonSocial: 'Nueva Razón SpA' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.id);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, first.id));
    expect(row!.razonSocial).toBe('Nueva Razón SpA');
  });
});

describe('rate limit of empresa/crear', () => {
  it('answers 429 with a Spanish message after 30 registrations from one address in an hour', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      const response = await crear({}, address);
      expect(response.statusCode).toBe(400);
    }
    const limited = await crear(companyBody(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/^Demasiadas solicitudes desde tu conexión\. Inténtalo de nuevo en \d+ minutos\.$/);
    expect(limited.headers['retry-after']).toBeDefined();

    const other = await crear(companyBody(), '10.9.9.10');
    expect(other.statusCode).toBe(200);
  });
});
