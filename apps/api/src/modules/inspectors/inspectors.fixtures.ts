import { expect } from 'vitest';
import type { TestApp } from '../../test/app';
import { dotted, uniqueRut } from '../../test/factories';

let sequence = 0;
let addressCounter = 0;
/** Each call from its own address, so the per-address limits of one test never reach another. */
export const nextAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export interface InspectorData {
  email: string;
  nombre: string;
  apellidos: string;
  rut: string;
}

export function inspectorData(overrides: Partial<InspectorData> = {}): InspectorData {
  sequence += 1;
  return { email: `ana.perez${sequence}@dt.gob.cl`, nombre: 'Ana', apellidos: 'Pérez Soto', rut: dotted(uniqueRut()), ...overrides };
}

export const requestKey = (t: TestApp, body: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/fiscalizacion/claves', payload: body, remoteAddress });

/** The key in the last e-mail sent to `email`. */
export function keyFromMail(t: TestApp, email: string): string {
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  expect(mail, `no hay correo para ${email}`).toBeDefined();
  const match = /Tu clave temporal es: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

export const signInInspector = (t: TestApp, email: string, clave: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/fiscalizacion/ingreso', payload: { email, clave }, remoteAddress });

export const inspectorBearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asks for a key, reads it from the e-mail and signs in: the sign-in token. */
export async function inspectorSignedIn(t: TestApp, data: InspectorData = inspectorData()) {
  expect((await requestKey(t, data)).statusCode).toBe(200);
  const key = keyFromMail(t, data.email);
  const response = await signInInspector(t, data.email, key);
  expect(response.statusCode, response.body).toBe(200);
  return { data, key, token: response.json<{ tokenFiscalizacion: string }>().tokenFiscalizacion };
}

export const chooseEmployer = (t: TestApp, token: string, companyId: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/fiscalizacion/empleadores/${companyId}/acceso`, headers: inspectorBearer(token), payload: {}, remoteAddress });

/** A DT inspector's employer session on `companyId` (a `tokenSesion`). */
export async function inspectorSession(t: TestApp, companyId: string, data: InspectorData = inspectorData()) {
  const signedIn = await inspectorSignedIn(t, data);
  const response = await chooseEmployer(t, signedIn.token, companyId);
  expect(response.statusCode, response.body).toBe(200);
  const tokenSesion = response.json<{ tokenSesion: string }>().tokenSesion;
  return { ...signedIn, tokenSesion, headers: inspectorBearer(tokenSesion) };
}
