import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overtimePacts, permissions } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { addPerson, companyWithAdmin, type Person } from '../test/people';

/**
 * Nothing about a worker may be dated before their contract starts: a permission (assigned or
 * requested) or an overtime pact that begins earlier is a 400 naming the start date, and nothing is
 * written. `addPerson` workers start on 2024-01-02.
 */
let t: TestApp;
let admin: { headers: Record<string, string> };
let worker: Person;
let typeId: (codigo: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  admin = company.admin;
  worker = await addPerson(t.app, t.database.db, company.companyId, 'trabajador', { nombre: 'Juan', apellidos: 'Pérez' });
  const types = (await t.app.inject({ method: 'GET', url: '/api/v1/tipos-permiso', headers: admin.headers })).json<{ items: Array<{ id: string; codigo: string }> }>().items;
  typeId = (codigo: string) => types.find((type) => type.codigo === codigo)!.id;
});
afterAll(() => t.close());

const PERMISSION_MESSAGE = 'El permiso no puede comenzar antes del inicio del contrato (02-01-2024).';
const PACT_MESSAGE = 'El pacto de horas extra no puede comenzar antes del inicio del contrato (02-01-2024).';

describe('a permission before the contract starts', () => {
  it('is refused when an administrador assigns it, also when it runs into the contract; nothing is stored', async () => {
    for (const [desde, hasta] of [
      ['2023-12-27', '2023-12-29'],
      ['2023-12-29', '2024-01-05'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/permisos', headers: admin.headers, payload: { usuarioId: worker.id, tipoId: typeId('L.M.'), desde, hasta } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { desde: PERMISSION_MESSAGE } });
    }
    expect(await t.database.db.select().from(permissions).where(eq(permissions.userId, worker.id))).toEqual([]);
  });

  it('is refused when the worker requests it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/permisos/solicitudes', headers: worker.headers, payload: { tipoId: typeId('VAC.'), desde: '2023-12-28', hasta: '2023-12-29' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ desde: PERMISSION_MESSAGE });
    expect(await t.database.db.select().from(permissions).where(eq(permissions.userId, worker.id))).toEqual([]);
  });

  it('is accepted from the first day of the contract', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/permisos', headers: admin.headers, payload: { usuarioId: worker.id, tipoId: typeId('L.M.'), desde: '2024-01-02', hasta: '2024-01-03' } });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('an overtime pact before the contract starts', () => {
  it('is refused on creation; nothing is stored', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/pactos-horas-extra', headers: admin.headers, payload: { usuarioId: worker.id, desde: '2023-12-15', hasta: '2024-02-15', maxMinutosDia: 60 } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { desde: PACT_MESSAGE } });
    expect(await t.database.db.select().from(overtimePacts).where(eq(overtimePacts.userId, worker.id))).toEqual([]);
  });

  it('is refused when an edit moves its start before the contract; the pact is unchanged', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/pactos-horas-extra', headers: admin.headers, payload: { usuarioId: worker.id, desde: '2024-01-02', hasta: '2024-03-01', maxMinutosDia: 60 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const response = await t.app.inject({ method: 'PATCH', url: `/api/v1/pactos-horas-extra/${id}`, headers: admin.headers, payload: { desde: '2023-12-20' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ desde: PACT_MESSAGE });
    const [stored] = await t.database.db.select().from(overtimePacts).where(eq(overtimePacts.id, id));
    expect(stored!.desde).toBe('2024-01-02');
  });
});
