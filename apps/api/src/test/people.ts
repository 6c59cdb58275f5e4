import type { Perfil } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { insertUserWithLogin } from '../modules/users/users.repository';
import { bearer, registerCompanyWithAdmin, signIn, uniqueRut } from './factories';

export const PERSON_PASSWORD = 'clave-de-prueba-1';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface Person {
  id: string;
  rut: string;
  perfil: Perfil;
  token: string;
  headers: Record<string, string>;
}

/** Adds a signed-in user of a perfil straight into the database (the API path is tested elsewhere). */
export async function addPerson(
  app: FastifyInstance,
  db: Db,
  companyId: string,
  perfil: Perfil,
  overrides: { groupId?: string | null; siteId?: string | null; nombre?: string; apellidos?: string; cargo?: string; horasSemanales?: number; exceptuadoDescansoDominical?: boolean } = {},
): Promise<Person> {
  passwordHash ??= hashPassword(PERSON_PASSWORD);
  sequence += 1;
  const rut = uniqueRut();
  const id = await insertUserWithLogin(db, {
    companyId,
    rut,
    nombre: overrides.nombre ?? `Persona${sequence}`,
    apellidos: overrides.apellidos ?? `Prueba ${perfil}`,
    cargo: overrides.cargo ?? 'Vendedor',
    email: `persona${sequence}@empresa.cl`,
    perfil,
    inicioContrato: '2024-01-02',
    horasSemanales: overrides.horasSemanales ?? 44,
    exceptuadoDescansoDominical: overrides.exceptuadoDescansoDominical ?? false,
    groupId: overrides.groupId ?? null,
    siteId: overrides.siteId ?? null,
    passwordHash: await passwordHash,
  });
  const { tokenSesion } = await signIn(app, formatRut(rut)!, PERSON_PASSWORD);
  return { id, rut, perfil, token: tokenSesion, headers: bearer(tokenSesion) };
}

/** A company with its principal administrator signed in (its e-mail confirmed unless `confirmEmail: false`). */
export async function companyWithAdmin(app: FastifyInstance, options: { confirmEmail?: boolean } = {}) {
  const { company, admin } = await registerCompanyWithAdmin(app, {}, options);
  const { tokenSesion } = await signIn(app, admin.rut, admin.password);
  return { companyId: company.id, razonSocial: company.body.razonSocial, email: company.body.email!, admin: { id: admin._id, headers: bearer(tokenSesion) } };
}
