import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, signIn } from '../test/factories';
import { buildScaleCompany, type ScaleCompany } from './scale';
import { parseScaleArgs } from './scale-cli';

let t: TestApp;
let company: ScaleCompany;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-09-10T15:00:00Z');
  // The app's own handle: on PostgreSQL the ordinary role, with row-level security in force.
  company = await buildScaleCompany(t.database.appDatabase.db, { workers: 50, from: '2026-09-01', to: '2026-09-07', seed: 3 });
}, 120_000);
afterAll(() => t.close());

describe('scale company', () => {
  it('plans every day of every worker and chains their marks so the marks report finds every one intact', async () => {
    expect(company).toMatchObject({ workers: 50, groups: 2, leaders: 1, from: '2026-09-01', to: '2026-09-07' });
    // Two groups: an office week (Mon-Fri, 5 days less absences) and a morning week; part-timers work 3.
    expect(company.plannedDays).toBeGreaterThan(50 * 3);
    expect(company.plannedDays).toBeLessThanOrEqual(50 * 5);
    expect(company.marks).toBeGreaterThan(company.plannedDays * 2);

    const session = await signIn(t.app, company.admin.rut, company.admin.password);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reportes/marcas?desde=2026-09-01&hasta=2026-09-08&pageSize=50`,
      headers: bearer(session.tokenSesion),
    });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.resumen).toMatchObject({ trabajadores: 50, marcas: company.marks, marcasAlteradas: 0, trabajadoresConAlteraciones: 0 });
    expect(body.empresa.razonSocial).toBe(company.razonSocial);
  });

  it('stores exactly what it reports: people, planned days and one chain head per worker that marked', async () => {
    const counted = await t.database.db.execute(sql`select
        (select count(*) from users where company_id = ${company.companyId} and perfil = 'trabajador')::int as workers,
        (select count(*) from users where company_id = ${company.companyId} and perfil = 'supervisor')::int as leaders,
        (select count(*) from groups where company_id = ${company.companyId})::int as groups,
        (select count(*) from planning_days where company_id = ${company.companyId} and kind = 'turno')::int as planned,
        (select count(*) from planning_days where company_id = ${company.companyId})::int as days,
        (select count(*) from marks where company_id = ${company.companyId})::int as marks,
        (select coalesce(sum(seq), 0) from mark_chain_heads where company_id = ${company.companyId})::int as head_seqs`);
    const row = (counted as unknown as { rows: Record<string, number>[] }).rows[0];
    expect(row).toEqual({
      workers: 50,
      leaders: company.leaders,
      groups: company.groups,
      planned: company.plannedDays,
      // Every worker has every day of the range: a shift or a day off.
      days: 50 * 7,
      marks: company.marks,
      head_seqs: company.marks,
    });
  });

  it('gives the same company for the same seed, in another database', async () => {
    const other = await createTestApp();
    try {
      const again = await buildScaleCompany(other.database.appDatabase.db, { workers: 50, from: '2026-09-01', to: '2026-09-07', seed: 3 });
      expect({ ...again, companyId: '', admin: { ...again.admin, id: '' } }).toEqual({ ...company, companyId: '', admin: { ...company.admin, id: '' } });
    } finally {
      await other.close();
    }
  }, 120_000);

  it('refuses a second company with the same seed in one database (RUTs are unique across companies)', async () => {
    await expect(buildScaleCompany(t.database.appDatabase.db, { workers: 5, from: '2026-09-01', to: '2026-09-02', seed: 3 })).rejects.toThrow();
  });
});

describe('npm run demo arguments', () => {
  it('reads the scale options and explains bad ones in Spanish', () => {
    expect(parseScaleArgs([])).toBeNull();
    expect(parseScaleArgs(['--trabajadores', '10000'])).toEqual({ workers: 10_000, from: undefined, to: undefined, seed: 1 });
    expect(parseScaleArgs(['--trabajadores', '10', '--desde', '2026-09-01', '--hasta', '2026-09-30', '--semilla', '7'])).toEqual({
      workers: 10,
      from: '2026-09-01',
      to: '2026-09-30',
      seed: 7,
    });
    expect(() => parseScaleArgs(['--trabajadores', 'mil'])).toThrow('--trabajadores debe ser un entero entre 1 y 200000.');
    expect(() => parseScaleArgs(['--trabajadores', '10', '--desde', '2026-02-30', '--hasta', '2026-03-01'])).toThrow('--desde debe ser una fecha aaaa-mm-dd válida.');
    expect(() => parseScaleArgs(['--trabajadores', '10', '--desde', '2026-09-01'])).toThrow('--desde y --hasta van juntos.');
    expect(() => parseScaleArgs(['--semilla', '2'])).toThrow('acompañan a --trabajadores');
    expect(() => parseScaleArgs(['--otra', '2'])).toThrow('Opción desconocida: --otra.');
  });
});
