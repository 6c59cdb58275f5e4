import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marks } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { mark, markingCompany, markingWorker, type MarkingCompany } from '../../test/fixtures/marks';

let t: TestApp;
let company: MarkingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());

/** What the database answered (drizzle wraps it in a "Failed query" error). */
async function dbError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('the statement succeeded');
}

async function verifyChain(usuarioId?: string) {
  const url = usuarioId ? `/api/v1/marcas/cadena?usuarioId=${usuarioId}` : '/api/v1/marcas/cadena';
  const response = await t.app.inject({ method: 'GET', url, headers: company.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('insert-only marks and the hash chain', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of marks', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const id = (await mark(t.app, worker.headers, { tipo: 'entrada' })).json().marca.id;
    const db = t.database.db;
    expect(await dbError(db.update(marks).set({ kind: 'salida' }).where(eq(marks.id, id)))).toContain('Las marcas no se pueden modificar ni borrar (UPDATE rechazado)');
    expect(await dbError(db.delete(marks).where(eq(marks.id, id)))).toContain('Las marcas no se pueden modificar ni borrar (DELETE rechazado)');
    expect(await dbError(db.execute(sql`truncate table marks cascade`))).toContain('(TRUNCATE rechazado)');
    const [row] = await db.select().from(marks).where(eq(marks.id, id));
    expect(row!.kind).toBe('entrada');
  });

  it('verification finds a row altered, a row removed and a chain cut short by someone who bypassed the trigger', async () => {
    const db = t.database.db;
    const worker = await markingWorker(t.app, db, company);
    const ids: string[] = [];
    for (const tipo of ['entrada', 'inicio_colacion', 'fin_colacion', 'salida', 'entrada']) {
      ids.push((await mark(t.app, worker.headers, { tipo })).json().marca.id);
      t.clock.advance(20 * 60_000);
    }
    expect((await verifyChain(worker.id)).integra).toBe(true);

    // What a superuser could do: switch the trigger off and edit the table.
    await db.execute(sql`alter table marks disable trigger marks_no_update_delete`);
    try {
      await db.execute(sql`update marks set at = at - interval '1 hour' where id = ${ids[0]}`);
      await db.execute(sql`delete from marks where id = ${ids[2]}`);
      await db.execute(sql`delete from marks where id = ${ids[4]}`);
    } finally {
      await db.execute(sql`alter table marks enable trigger marks_no_update_delete`);
    }
    const chain = await verifyChain(worker.id);
    expect(chain.integra).toBe(false);
    const byKind = (motivo: string) => chain.rupturas.filter((r: { motivo: string }) => r.motivo === motivo);
    const altered = byKind('hash_alterado');
    expect(altered).toHaveLength(1);
    expect(altered[0]).toMatchObject({ marcaId: ids[0], secuencia: 1 });
    expect(altered[0].esperado).not.toBe(altered[0].guardado);
    expect(byKind('marca_faltante')[0]).toMatchObject({ marcaId: ids[3], secuencia: 4 });
    expect(byKind('enlace_roto')[0]).toMatchObject({ marcaId: ids[3] });
    expect(byKind('cabeza_no_coincide')[0]).toMatchObject({ secuencia: 5, marcaId: ids[4] });

    // Everyone: the same breaks, and other workers' chains are intact.
    const all = await verifyChain();
    expect(all.trabajadores).toBeGreaterThanOrEqual(1);
    expect(all.rupturas.every((r: { usuarioId: string }) => r.usuarioId === worker.id)).toBe(true);
  });
});
