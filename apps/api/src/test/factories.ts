import type { CrearEmpresaBody, CrearUsuarioBody } from '@jornada/contracts';
import { formatRut, rutCheckDigit } from '@jornada/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const usedBodies = new Set<number>();

/** A valid RUT no other factory call in this process has produced, as `12345678-5`. */
export function uniqueRut(min = 10_000_000, max = 25_999_999): string {
  for (;;) {
    const body = min + Math.floor(Math.random() * (max - min));
    if (usedBodies.has(body)) continue;
    usedBodies.add(body);
    return `${body}-${rutCheckDigit(body)}`;
  }
}

export const dotted = (rut: string) => formatRut(rut)!;

let sequence = 0;

export function companyBody(overrides: Partial<CrearEmpresaBody> = {}): CrearEmpresaBody {
  sequence += 1;
  return {
    nombre: `Panadería La Espiga ${sequence}`,
    rutEmpresa: dotted(uniqueRut(76_000_000, 77_999_999)),
    direccion: 'Av. Providencia 1234, Providencia',
    telefono: '+56 2 2345 6789',
    email: `contacto${sequence}@laespiga.cl`,
    rubro: 'Panadería',
    razonSocial: `Panificadora La Espiga ${sequence} SpA`,
    resolucion: false,
    comentario: '',
    ...overrides,
  };
}

export function userBody(razonSocial: string, overrides: Partial<CrearUsuarioBody> = {}): CrearUsuarioBody {
  sequence += 1;
  return {
    nombre: 'María José',
    apellidos: 'González Muñoz',
    cargo: 'Gerenta de operaciones',
    rut: dotted(uniqueRut()),
    password: 'clave-segura-1',
    email: `maria.gonzalez${sequence}@laespiga.cl`,
    direccion: 'Los Aromos 55, Ñuñoa',
    razon_social: razonSocial,
    telefono: '+56 9 8765 4321',
    inicio_contrato: '2024-03-01',
    fin_contrato: '',
    ...overrides,
  };
}

export async function registerCompany(app: FastifyInstance, overrides: Partial<CrearEmpresaBody> = {}) {
  const body = companyBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/empresa/crear', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  const json = response.json<{ _id: string; onboardingToken: string }>();
  return { body, id: json._id, onboardingToken: json.onboardingToken };
}

/** A company with its principal administrator, ready to sign in. */
export async function registerCompanyWithAdmin(app: FastifyInstance, overrides: Partial<CrearUsuarioBody> = {}) {
  const company = await registerCompany(app);
  const admin = userBody(company.body.razonSocial, overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/usuarios/crear',
    headers: { 'x-onboarding-token': company.onboardingToken },
    payload: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { company, admin: { ...admin, _id: response.json<{ _id: string }>()._id } };
}

export async function signIn(app: FastifyInstance, rut: string, password: string, remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut, password }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ tokenSesion: string; expiraEn: string; _id: string }>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
