/**
 * The compensatory rest of art. 38 inc. 3 as a permission balance: one day owed per holiday an excepted
 * worker worked and per Sunday worked at the end of a week without rest (counted by the engine through modules/attendance), minus the days granted as
 * permissions of the type D.C.38. Marks in America/Santiago (UTC-4 in May 2026).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { SaldoPermiso, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-06-15T15:00:00Z');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const CODE = 'D.C.38';

/** A company with a group led by a supervisor: an excepted worker (art. 38) and one who is not, both in the group. */
async function company() {
  const { admin, companyId } = await companyWithAdmin(t.app);
  const group = (await api('POST', '/api/v1/grupos', admin.headers, { nombre: 'Tienda' })).json<{ id: string }>();
  const leader = await addPerson(t.app, t.database.db, companyId, 'supervisor');
  expect((await api('PUT', `/api/v1/grupos/${group.id}/lideres`, admin.headers, { liderIds: [leader.id] })).statusCode).toBe(200);
  const excepted = await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: 'Elena', apellidos: 'Exceptuada', groupId: group.id, exceptuadoDescansoDominical: true });
  const ordinary = await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: 'Óscar', apellidos: 'Ordinario', groupId: group.id });
  const types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: { id: string; codigo: string }[] }>().items;
  const typeId = types.find((type) => type.codigo === CODE)!.id;
  return { admin, companyId, leader, excepted, ordinary, typeId };
}

/** A web mark taken at `at` (UTC ISO), through the marks module as the marking page does. */
async function markAt(companyId: string, person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

/** 10:00 to 18:00 local on a May 2026 date. */
async function workDay(companyId: string, person: Person, date: string) {
  await markAt(companyId, person, 'entrada', `${date}T14:00:00Z`);
  await markAt(companyId, person, 'salida', `${date}T22:00:00Z`);
}

const compensatory = (items: SaldoPermiso[]) => items.filter((s) => s.tipo.codigo === CODE);

describe('compensatory rest of art. 38 inc. 3 (descanso compensatorio)', () => {
  it('a new company starts with the type: paid, in días corridos, requestable, without days per year', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const { items } = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: Record<string, unknown>[] }>();
    expect(items.find((type) => type.codigo === CODE)).toMatchObject({
      nombre: 'Descanso compensatorio (art. 38)',
      conGoce: true,
      unidad: 'dias_corridos',
      solicitable: true,
      requiereAprobacion: true,
      diasAnuales: null,
      diasPorEvento: null,
    });
  });

  it('owes one day per holiday worked and per Sunday ending a week without rest, only to excepted workers; granted days lower it and a request beyond it is refused', async () => {
    const { admin, companyId, leader, excepted, ordinary, typeId } = await company();
    // Monday 27 April to Sunday 3 May worked by both, with Friday 1 May (Día del Trabajo): the holiday owes a
    // day, and so does the Sunday, which ends a week without rest; Sunday 10 May, after a week with rest days and
    // a Tuesday, owes nothing.
    for (const person of [excepted, ordinary]) {
      for (const date of ['2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30', '2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05', '2026-05-10']) await workDay(companyId, person, date);
    }

    const listed = (await api('GET', '/api/v1/permisos/saldos?anio=2026', admin.headers)).json<{ items: SaldoPermiso[] }>().items;
    expect(compensatory(listed)).toEqual([
      {
        usuario: expect.objectContaining({ id: excepted.id }),
        tipo: { id: typeId, nombre: 'Descanso compensatorio (art. 38)', codigo: CODE, unidad: 'dias_corridos' },
        anio: 2026,
        fuente: 'domingos_festivos_trabajados',
        asignados: 2,
        diasBase: 2,
        diasProgresivos: 0,
        fundamento: ['1 festivo y 1 domingo sin descanso en su semana trabajados en 2026'],
        usados: 0,
        pendientes: 0,
        disponibles: 2,
      },
    ]);
    // The vacation rows of the four people stay as they were, marked as yearly allowances.
    expect(listed.filter((s) => s.tipo.codigo === 'VAC.').map((s) => s.fuente)).toEqual(Array(4).fill('dias_anuales'));
    // Next year, what 2026 left ungranted carries over.
    const next = compensatory((await api('GET', '/api/v1/permisos/mios/saldos?anio=2027', excepted.headers)).json<{ items: SaldoPermiso[] }>().items);
    expect(next).toEqual([expect.objectContaining({ asignados: 2, fundamento: ['Ningún festivo ni domingo sin descanso en su semana trabajado en 2027', '2 días sin otorgar de 2026'] })]);

    // The leader records the rest granted on Tuesday 12 May: one day left.
    const granted = await api('POST', '/api/v1/permisos', leader.headers, { usuarioId: excepted.id, tipoId: typeId, desde: '2026-05-12', hasta: '2026-05-12' });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ estado: 'aprobado', cantidad: 1 });
    const mine = compensatory((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', excepted.headers)).json<{ items: SaldoPermiso[] }>().items);
    expect(mine).toEqual([expect.objectContaining({ asignados: 2, usados: 1, pendientes: 0, disponibles: 1 })]);

    // Two days are more than is owed; one is requested, pending, and takes the rest of the balance.
    const beyond = await api('POST', '/api/v1/permisos/solicitudes', excepted.headers, { tipoId: typeId, desde: '2026-06-16', hasta: '2026-06-17' });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.fields.hasta).toBe('El permiso excede el saldo: pide 2 días corridos y queda 1 día corrido de Descanso compensatorio (art. 38) en 2026.');
    const one = await api('POST', '/api/v1/permisos/solicitudes', excepted.headers, { tipoId: typeId, desde: '2026-06-16', hasta: '2026-06-16' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().estado).toBe('pendiente');
    const team = compensatory((await api('GET', `/api/v1/permisos/saldos?anio=2026&usuarioId=${excepted.id}`, leader.headers)).json<{ items: SaldoPermiso[] }>().items);
    expect(team).toEqual([expect.objectContaining({ usados: 1, pendientes: 1, disponibles: 0 })]);
    const nothingLeft = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: excepted.id, tipoId: typeId, desde: '2026-06-18', hasta: '2026-06-18' });
    expect(nothingLeft.json().error.fields.hasta).toBe('El permiso excede el saldo: pide 1 día corrido y quedan 0 días corridos de Descanso compensatorio (art. 38) en 2026.');

    // A worker not excepted from Sunday rest has no such balance and cannot be granted it.
    expect(compensatory((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', ordinary.headers)).json<{ items: SaldoPermiso[] }>().items)).toEqual([]);
    const notOwed = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: ordinary.id, tipoId: typeId, desde: '2026-05-12', hasta: '2026-05-12' });
    expect(notOwed.statusCode).toBe(400);
    expect(notOwed.json().error.fields.tipoId).toBe(
      '«Descanso compensatorio (art. 38)» es solo para quien está exceptuado del descanso dominical (art. 38): Óscar Ordinario no lo está.',
    );

    // A trabajador sees only their own balances, never the team's.
    const own = (await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', excepted.headers)).json<{ items: SaldoPermiso[] }>().items;
    expect(new Set(own.map((s) => s.usuario.id))).toEqual(new Set([excepted.id]));
    expect((await api('GET', '/api/v1/permisos/saldos?anio=2026', excepted.headers)).statusCode).toBe(403);
  });

  it('reads the exception on each day: with dates on the contract, only the Sundays and holidays within them owe rest; the dates are checked in order', async () => {
    const { admin, companyId, excepted } = await company();
    // Two weeks worked whole, 27 April to 10 May: Friday 1 May is a holiday, both Sundays end a week without rest.
    for (let day = 0; day < 14; day++) await workDay(companyId, excepted, new Date(Date.UTC(2026, 3, 27 + day)).toISOString().slice(0, 10));
    const balance = async () => compensatory((await api('GET', `/api/v1/permisos/saldos?anio=2026&usuarioId=${excepted.id}`, admin.headers)).json<{ items: SaldoPermiso[] }>().items)[0]!;
    expect((await balance()).asignados).toBe(3);

    // Moved to a store open on Sundays on Monday 4 May: the holiday and the Sunday before it owe nothing.
    const dated = await api('PATCH', `/api/v1/usuarios/${excepted.id}`, admin.headers, { exceptuadoDescansoDominicalDesde: '2026-05-04' });
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({ exceptuadoDescansoDominical: true, exceptuadoDescansoDominicalDesde: '2026-05-04', exceptuadoDescansoDominicalHasta: null });
    expect(await balance()).toMatchObject({ asignados: 1, fundamento: ['1 domingo sin descanso en su semana trabajado en 2026'] });

    // A last day before the first is refused in Spanish, sent together or alone against the one kept; nothing changes.
    const together = await api('PATCH', `/api/v1/usuarios/${excepted.id}`, admin.headers, { exceptuadoDescansoDominicalDesde: '2026-05-04', exceptuadoDescansoDominicalHasta: '2026-05-03' });
    const alone = await api('PATCH', `/api/v1/usuarios/${excepted.id}`, admin.headers, { exceptuadoDescansoDominicalHasta: '2026-05-01' });
    for (const refused of [together, alone]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields.exceptuadoDescansoDominicalHasta).toBe('El término de la excepción del descanso dominical no puede ser anterior a su inicio.');
    }

    // Without dates again: the whole contract, as before.
    expect((await api('PATCH', `/api/v1/usuarios/${excepted.id}`, admin.headers, { exceptuadoDescansoDominicalDesde: null })).statusCode).toBe(200);
    expect((await balance()).asignados).toBe(3);
  });

  it('another company sees none of it: its permission is not found, its worker and type are not there', async () => {
    const mine = await company();
    const theirs = await company();
    await workDay(mine.companyId, mine.excepted, '2026-05-03');
    const granted = (await api('POST', '/api/v1/permisos', mine.admin.headers, { usuarioId: mine.excepted.id, tipoId: mine.typeId, desde: '2026-05-05', hasta: '2026-05-05' })).json<{ id: string }>();
    expect((await api('GET', `/api/v1/permisos/${granted.id}`, theirs.admin.headers)).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/permisos/${granted.id}/anular`, theirs.admin.headers, {})).statusCode).toBe(404);
    const listed = (await api('GET', `/api/v1/permisos/saldos?anio=2026&usuarioId=${mine.excepted.id}`, theirs.admin.headers)).json<{ items: SaldoPermiso[]; total: number }>();
    expect(listed).toMatchObject({ items: [], total: 0 });
    const foreignType = await api('POST', '/api/v1/permisos/solicitudes', theirs.excepted.headers, { tipoId: mine.typeId, desde: '2026-06-16', hasta: '2026-06-16' });
    expect(foreignType.json().error.fields.tipoId).toBe('El tipo de permiso no existe.');
    const foreignWorker = await api('POST', '/api/v1/permisos', theirs.admin.headers, { usuarioId: mine.excepted.id, tipoId: theirs.typeId, desde: '2026-06-16', hasta: '2026-06-16' });
    expect(foreignWorker.json().error.fields.usuarioId).toBe('El trabajador no existe.');
    // Their excepted worker worked nothing: nothing owed, nothing to grant.
    expect(compensatory((await api('GET', '/api/v1/permisos/mios/saldos?anio=2026', theirs.excepted.headers)).json<{ items: SaldoPermiso[] }>().items)).toEqual([
      expect.objectContaining({ asignados: 0, disponibles: 0, fundamento: ['Ningún festivo ni domingo sin descanso en su semana trabajado en 2026'] }),
    ]);
  });

  it('the type takes no days per year nor hours; companies created before get it from the migration, once', async () => {
    const { admin, companyId, typeId } = await company();
    const yearly = await api('PATCH', `/api/v1/tipos-permiso/${typeId}`, admin.headers, { diasAnuales: 5 });
    expect(yearly.json().error.fields).toEqual({ diasAnuales: 'El descanso compensatorio no lleva días por año: su saldo es un día por cada festivo trabajado y por cada domingo trabajado en una semana sin día de descanso (art. 38).' });
    const hours = await api('PATCH', `/api/v1/tipos-permiso/${typeId}`, admin.headers, { unidad: 'horas' });
    expect(hours.json().error.fields).toEqual({ unidad: 'El descanso compensatorio se otorga en días, no en horas (art. 38).' });
    expect((await api('PATCH', `/api/v1/tipos-permiso/${typeId}`, admin.headers, { nombre: 'Día compensatorio (art. 38)' })).statusCode).toBe(200);

    const db = t.database.db;
    await db.execute(sql`delete from permission_types where company_id = ${companyId} and codigo = ${CODE}`);
    const file = readFileSync(new URL('../../db/migrations/0043_compensatory_rest_permission_type.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(file));
    await db.execute(sql.raw(file));
    const items = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: { codigo: string; nombre: string; diasAnuales: number | null }[] }>().items;
    expect(items.filter((type) => type.codigo === CODE)).toEqual([expect.objectContaining({ nombre: 'Descanso compensatorio (art. 38)', diasAnuales: null })]);
  });
});
