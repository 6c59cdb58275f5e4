import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { multipartFile } from '../test/multipart';
import { bearer, registerCompany, registerCompanyWithAdmin, signIn, uniqueRut, userBody, dotted } from '../test/factories';

/**
 * A RUT has one account in the whole system, so uploads and sign-ups must refuse one that is taken
 * elsewhere, without telling a stranger which RUTs are another company's workers.
 */
let t: TestApp;
let otherCompanyRut: string;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  otherCompanyRut = (await registerCompanyWithAdmin(t.app)).admin.rut;
  const { admin } = await registerCompanyWithAdmin(t.app);
  headers = bearer((await signIn(t.app, admin.rut, admin.password)).tokenSesion);
});
afterAll(() => t.close());

const HEADER = 'RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato';
const row = (rut: string, i: number) => `${rut};Persona;Prueba;persona${i}@ejemplo.cl;42;01-03-2024`;

const preview = (csv: string) => {
  const body = multipartFile(csv, { filename: 'usuarios.csv' });
  return t.app.inject({ method: 'POST', url: '/api/v1/usuarios/carga-masiva/vista-previa', headers: { ...headers, ...body.headers }, payload: body.payload });
};

describe('RUT enumeration', () => {
  it('the bulk preview says nothing about other companies: a neutral row error', async () => {
    const response = await preview([HEADER, row(otherCompanyRut, 1), row(dotted(uniqueRut()), 2)].join('\n'));
    expect(response.statusCode).toBe(200);
    const errores = response.json<{ errores: { fila: number; columna: string; mensaje: string }[] }>().errores;
    expect(errores).toHaveLength(1);
    expect(errores[0]).toMatchObject({ fila: 2, columna: 'RUT' });
    expect(errores[0]!.mensaje).not.toMatch(/empresa/i);
    expect(errores[0]!.mensaje).toBe('No se puede registrar este RUT. Verifica que esté bien escrito; si lo está, escríbenos a soporte.');
  });

  it('limits previews per company', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await preview([HEADER, row(dotted(uniqueRut()), i)].join('\n'))).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 15).every((status) => status === 200)).toBe(true);
  });

  it('an onboarding code is spent when its user creation answers 409 for a taken RUT', async () => {
    const company = await registerCompany(t.app);
    const send = (rut: string) =>
      t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers: { 'x-onboarding-token': company.onboardingToken }, payload: userBody(company.body.razonSocial, { rut }) });
    expect((await send(otherCompanyRut)).statusCode).toBe(409);
    const again = await send(dotted(uniqueRut()));
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('ONBOARDING_TOKEN_INVALID');
  });
});
