/** Test data for the shifts, planning and upload tests: workers, groups, sites and shifts straight in the database. */
import type { Perfil } from '@jornada/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { groupLeaders, groups, sites } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { bearer, registerCompanyWithAdmin, signIn, uniqueRut } from '../../test/factories';
import { insertUsersWithLogins } from '../users/users.repository';

export const WORKER_PASSWORD = 'clave-segura-1';
let passwordHash: Promise<string> | null = null;

export interface TestCompany {
  companyId: string;
  adminId: string;
  token: string;
  headers: Record<string, string>;
}

export async function companyWithAdmin(app: FastifyInstance): Promise<TestCompany> {
  const { company, admin } = await registerCompanyWithAdmin(app);
  const session = await signIn(app, admin.rut, admin.password);
  return { companyId: company.id, adminId: admin._id, token: session.tokenSesion, headers: bearer(session.tokenSesion) };
}

export async function addSite(db: Db, companyId: string, nombre: string, timeZone = 'America/Santiago'): Promise<string> {
  const [row] = await db.insert(sites).values({ companyId, nombre, timeZone }).returning({ id: sites.id });
  return row!.id;
}

export async function addGroup(db: Db, companyId: string, nombre: string, leaderIds: string[] = []): Promise<string> {
  const [row] = await db.insert(groups).values({ companyId, nombre }).returning({ id: groups.id });
  if (leaderIds.length) await db.insert(groupLeaders).values(leaderIds.map((userId) => ({ companyId, groupId: row!.id, userId })));
  return row!.id;
}

export interface TestWorker {
  id: string;
  rut: string;
}

let counter = 0;
export async function addWorkers(
  db: Db,
  companyId: string,
  count: number,
  options: { groupId?: string; siteId?: string; perfil?: Perfil; inicioContrato?: string; finContrato?: string | null } = {},
): Promise<TestWorker[]> {
  passwordHash ??= hashPassword(WORKER_PASSWORD);
  const hash = await passwordHash;
  const values = Array.from({ length: count }, () => {
    counter++;
    return {
      companyId,
      rut: uniqueRut(),
      nombre: `Persona ${counter}`,
      apellidos: `Apellido ${String(counter).padStart(6, '0')}`,
      email: `persona${counter}@ejemplo.cl`,
      perfil: options.perfil ?? ('trabajador' as const),
      groupId: options.groupId ?? null,
      siteId: options.siteId ?? null,
      horasSemanales: 42,
      inicioContrato: options.inicioContrato ?? '2020-01-01',
      finContrato: options.finContrato ?? null,
      passwordHash: hash,
    };
  });
  return insertUsersWithLogins(db, values);
}

export async function signInAs(app: FastifyInstance, rut: string): Promise<Record<string, string>> {
  const session = await signIn(app, rut, WORKER_PASSWORD);
  return bearer(session.tokenSesion);
}

export async function createShift(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ id: string; codigo: string; version: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers,
    payload: { nombre: `Turno ${String(body.codigo)}`, color: '#228be6', colacion: { tipo: 'minutos', minutos: 0 }, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A multipart body with one file in the `archivo` field. */
export function multipart(filename: string, content: Buffer | string, contentType = 'text/csv'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jornada${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
