import type { CrearEmpresaBody, CrearUsuarioBody } from '@jornada/contracts';
import { formatRut, rutCheckDigit } from '@jornada/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { COMPANY_EMAIL_SUBJECT } from '../modules/companies/company-email-mail';
import { mailerOf } from './app';

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

/**
 * Registers a company through the API and, as its owner would, confirms its e-mail with the link sent
 * to it (so its user invitations go out). `confirmEmail: false` leaves it unconfirmed; so does an app
 * whose mailer is not createTestApp's memory mailer (nothing to read the link from).
 */
export async function registerCompany(app: FastifyInstance, overrides: Partial<CrearEmpresaBody> = {}, options: { confirmEmail?: boolean } = {}) {
  const body = companyBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/empresa/crear', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  const json = response.json<{ _id: string; onboardingToken: string }>();
  if (options.confirmEmail !== false && body.email) await confirmCompanyEmail(app, body.email);
  return { body, id: json._id, onboardingToken: json.onboardingToken };
}

/** The code of the last company e-mail confirmation link sent to `email`, waiting up to 2 s for it (it goes in the background). */
export async function companyConfirmationToken(app: FastifyInstance, email: string): Promise<string | null> {
  const mailer = mailerOf(app);
  if (!mailer) return null;
  const find = () => mailer.sent.filter((m) => m.to === email && m.subject === COMPANY_EMAIL_SUBJECT).at(-1);
  for (let i = 0; i < 200 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const mail = find();
  expect(mail, `correo de confirmación para ${email}`).toBeDefined();
  return /\/confirmar-correo\/([\w-]+)/.exec(mail!.text)![1]!;
}

let confirmAddress = 0;

/** Opens the company's confirmation link as its owner would. */
export async function confirmCompanyEmail(app: FastifyInstance, email: string): Promise<void> {
  const token = await companyConfirmationToken(app, email);
  if (!token) return;
  // Each from its own address: a file registers many companies, and the endpoint's limit per address is not under test here.
  confirmAddress += 1;
  const remoteAddress = `198.18.${Math.floor(confirmAddress / 250) % 250}.${(confirmAddress % 250) + 1}`;
  const response = await app.inject({ method: 'POST', url: '/api/v1/empresa/confirmar-correo', payload: { token }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
}

/** A company with its principal administrator, ready to sign in (its e-mail confirmed unless `confirmEmail: false`). */
export async function registerCompanyWithAdmin(app: FastifyInstance, overrides: Partial<CrearUsuarioBody> = {}, options: { confirmEmail?: boolean } = {}) {
  const company = await registerCompany(app, {}, options);
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
