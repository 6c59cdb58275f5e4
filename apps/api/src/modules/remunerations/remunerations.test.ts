/**
 * Remunerations of July 2026 on workers worked out by hand (America/Santiago, RM; shift D 08:00–17:00
 * with a fixed colación 13:00–14:00, 8 h planned; salary 600,000 on 42 agreed hours: a day is
 * 20,000, an ordinary hour 3,333.33, an overtime hour 5,000):
 * - Ana, week of 2026-07-06: 20 minutes late on Monday made up on Tuesday, absent on Wednesday.
 * - Berta, week of 2026-07-13: a paid permission (P.G.R.) on Monday, an unpaid one (P.S.G.R.) on Tuesday
 *   and Wednesday, worked Thursday and Friday.
 * - Carlos: worked Sunday 2026-07-19, 40 minutes late on Monday 2026-07-20 and not made up that week.
 * - Diego (no group): 2 h over on Tuesday 2026-07-21 and 1 h on Wednesday; 1.5 h of Tuesday approved.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, overtimeApprovals, planningDays, sites, users } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let supervisor: Person;
let ana: Person;
let berta: Person;
let carlos: Person;
let diego: Person;
let otherAdmin: Person;
let groupId: string;
let types: { id: string; codigo: string }[];

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const typeId = (codigo: string) => types.find((x) => x.codigo === codigo)!.id;

async function plan(userId: string, date: string, shift: { id: string; version: number }) {
  const now = new Date('2026-06-01T00:00:00Z');
  await t.database.db
    .insert(planningDays)
    .values({ companyId, userId, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: now, assignedAt: now, origin: 'manual' });
}

/** A web mark at a local July time (UTC-4 in July). */
async function mark(person: Person, tipo: TipoMarca, date: string, clock: string) {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const at = new Date(`${date}T${String(h + 4).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: at }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}
const workday = async (p: Person, date: string, entrada = '08:00', salida = '17:00') => {
  await mark(p, 'entrada', date, entrada);
  await mark(p, 'salida', date, salida);
};

beforeAll(async () => {
  t = await createTestApp();
  // Marks carry their own instants; everything else happens on 2026-08-10 (July has ended).
  t.clock.set('2026-08-10T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  const [group] = await t.database.db.insert(groups).values({ companyId, nombre: 'Ventas' }).returning({ id: groups.id });
  groupId = group!.id;
  const person = (nombre: string, apellidos: string) => addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId, nombre, apellidos, cargo: 'Vendedora' });
  ana = await person('Ana', 'Arancibia');
  berta = await person('Berta', 'Bustos');
  carlos = await person('Carlos', 'Castro');
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Diego', apellidos: 'Díaz' });
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
  for (const p of [ana, berta, carlos, diego]) await t.database.db.update(users).set({ sueldoBase: 600_000, horasSemanales: 42 }).where(eq(users.id, p.id));
  otherAdmin = await addPerson(t.app, t.database.db, (await companyWithAdmin(t.app)).companyId, 'administrador');
  const shift = (
    await api('POST', '/api/v1/turnos', admin.headers, {
      nombre: 'Diurno',
      codigo: 'D',
      color: '#228be6',
      inicio: '08:00',
      fin: '17:00',
      colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
      toleranciaAtrasoMin: 5,
      toleranciaSalidaMin: 5,
    })
  ).json<{ id: string; version: number }>();
  types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items;

  for (const d of ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10']) await plan(ana.id, d, shift);
  await workday(ana, '2026-07-06', '08:20');
  await workday(ana, '2026-07-07', '08:00', '17:20');
  await workday(ana, '2026-07-09');
  await workday(ana, '2026-07-10');

  for (const d of ['2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17']) await plan(berta.id, d, shift);
  await workday(berta, '2026-07-16');
  await workday(berta, '2026-07-17');
  for (const [codigo, desde, hasta] of [
    ['P.G.R.', '2026-07-13', '2026-07-13'],
    ['P.S.G.R.', '2026-07-14', '2026-07-15'],
  ] as const) {
    const r = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: berta.id, tipoId: typeId(codigo), desde, hasta });
    expect(r.statusCode, r.body).toBe(201);
  }

  await plan(carlos.id, '2026-07-19', shift);
  await plan(carlos.id, '2026-07-20', shift);
  await workday(carlos, '2026-07-19');
  await workday(carlos, '2026-07-20', '08:40');

  await plan(diego.id, '2026-07-21', shift);
  await plan(diego.id, '2026-07-22', shift);
  await workday(diego, '2026-07-21', '08:00', '19:00');
  await workday(diego, '2026-07-22', '08:00', '18:00');
  // The overtime module's approval of 1.5 h on Tuesday (its rules are tested there).
  await t.database.db.insert(overtimeApprovals).values({
    companyId,
    userId: diego.id,
    fecha: '2026-07-21',
    foundSeconds: 7200,
    approvedSeconds: 5400,
    estado: 'aprobado',
    decidedBy: admin.id,
    decidedAt: new Date('2026-07-23T15:00:00Z'),
  });

}, 120_000);
afterAll(() => t.close());

type Row = Record<string, unknown> & { usuarioId: string };
const rowOf = (items: Row[], p: Person) => items.find((r) => r.usuarioId === p.id)!;

describe('the pay variables of a month', () => {
  it('gives each hand-checked worker their figures, and the totals', async () => {
    const r = await api('GET', '/api/v1/remuneraciones/202607', admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ periodo: '202607', desde: '2026-07-01', hasta: '2026-07-31', hastaCerrado: '2026-07-31', estado: { cerrado: false, puedeCerrarse: true } });
    const a = rowOf(body.items, ana);
    expect(a).toMatchObject({
      diasTrabajados: 4,
      ausencias: { dias: 1, valor: 20_000 },
      faltante: { segundos: 0, atrasoSegundos: 0, valor: 0 },
      numeroContrato: '1',
      valorDia: 20_000,
      valorHoraOrdinaria: 3333,
      sueldoBase: 600_000,
    });
    expect(a.idEmpleado).toBe(ana.rut);
    const b = rowOf(body.items, berta);
    expect(b).toMatchObject({ diasTrabajados: 2, ausencias: { dias: 0, valor: 0 }, descuentoPermisos: 40_000 });
    expect(b.permisos).toEqual([
      { tipo: 'P.G.R.', nombre: expect.any(String), pagado: true, unidad: 'dias_corridos', dias: 1, segundos: 0, descuento: 0 },
      { tipo: 'P.S.G.R.', nombre: expect.any(String), pagado: false, unidad: 'dias_corridos', dias: 2, segundos: 0, descuento: 40_000 },
    ]);
    const c = rowOf(body.items, carlos);
    // 40 minutes not made up in the week of 07-20 (settled on Sunday 07-26): 40 × 3,333.33 / 60 = 2,222.
    expect(c).toMatchObject({ diasTrabajados: 2, domingosTrabajados: 1, festivosTrabajados: 0, faltante: { segundos: 2400, atrasoSegundos: 2400, valor: 2222 } });
    // 3 h found, 1.5 h confirmed in review: all 3 h are paid (art. 32 inc. 3), at 5,000 an hour.
    expect(rowOf(body.items, diego)).toMatchObject({ horasExtra: { recargoPorcentaje: 50, segundos: 10_800, encontradasSegundos: 10_800, confirmadasSegundos: 5400, sobrePactadaSegundos: 0, valorHora: 5000, valor: 15_000 } });
    // Berta worked 8 h on Thursday 16 July, a holiday (Virgen del Carmen) that lifts the plan: overtime,
    // unreviewed and paid all the same.
    expect(rowOf(body.items, berta)).toMatchObject({ horasExtra: { segundos: 28_800, confirmadasSegundos: 0, valor: 40_000 } });
    // Neither has a pact: paid in full, flagged as the employer's compliance problems (art. 31 and 32),
    // Berta's on a holiday and 6 h beyond the 2 a day.
    expect(rowOf(body.items, diego)).toMatchObject({ horasExtra: { incumplimiento: { sinPactoSegundos: 10_800, sobreDosHorasSegundos: 0, diaDescansoSegundos: 0, dias: 2 } } });
    expect(rowOf(body.items, berta)).toMatchObject({ horasExtra: { incumplimiento: { sinPactoSegundos: 28_800, sobreDosHorasSegundos: 21_600, diaDescansoSegundos: 28_800, dias: 1 } } });
    expect((rowOf(body.items, berta).alertas as { codigo: string; mensaje: string }[]).find((x) => x.codigo === 'horas_extra_incumplimiento')?.mensaje).toBe(
      'Horas extra con incumplimiento en 1 día: 8 h 00 min sin pacto vigente (art. 32); 6 h 00 min sobre 2 horas al día (art. 31); 8 h 00 min en día de descanso o feriado. Se pagan igual; el empleador debe regularizarlo.',
    );
    expect(rowOf(body.items, ana)).toMatchObject({ horasExtra: { incumplimiento: { dias: 0 } } });
    expect(body.totales).toMatchObject({ horasExtraSegundos: 39_600, horasExtraValor: 55_000, ausenciasDias: 1, ausenciasValor: 20_000, faltanteSegundos: 2400, faltanteValor: 2222, permisosPagadosDias: 1, permisosNoPagadosDias: 2, descuentoPermisos: 40_000 });
    // The admin and the supervisor are listed too, without salary: no money, and said so.
    const s = rowOf(body.items, supervisor);
    expect(s).toMatchObject({ sueldoBase: null, ausencias: { valor: null } });
    expect((s.alertas as { codigo: string }[]).map((x) => x.codigo)).toContain('sin_sueldo_base');
  });

  it('filters and pages', async () => {
    const page = (await api('GET', `/api/v1/remuneraciones/202607?grupoId=${groupId}&pageSize=2&page=2`, admin.headers)).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((r: Row) => r.usuarioId)).toEqual([carlos.id]);
    expect(page.totales.trabajadores).toBe(3);
    const search = (await api('GET', '/api/v1/remuneraciones/202607?q=bust', admin.headers)).json();
    expect(search.items.map((r: Row) => r.usuarioId)).toEqual([berta.id]);
  });

  it('drills down to the days and weeks behind the figures', async () => {
    const r = await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${ana.id}`, admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    const day = (fecha: string) => body.dias.find((d: { fecha: string }) => d.fecha === fecha);
    expect(day('2026-07-08')).toMatchObject({ estadoDia: 'ausente', enPeriodo: true });
    expect(day('2026-07-06').segundos.atraso).toBe(1200);
    expect(day('2026-07-07').segundos.extra).toBe(1200);
    // Monday 2026-06-29 belongs to a week that settles in July: shown, outside the month.
    expect(day('2026-06-29')).toMatchObject({ enPeriodo: false });
    expect(body.semanas.map((w: { lunes: string }) => w.lunes)).toEqual(['2026-06-29', '2026-07-06', '2026-07-13', '2026-07-20']);
    expect(body.semanas[1]).toMatchObject({ faltanteSegundos: 0, extraNetaSegundos: 0 });
    const d = (await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${diego.id}`, admin.headers)).json();
    expect(d.dias.find((x: { fecha: string }) => x.fecha === '2026-07-21')).toMatchObject({ extraAprobadaSegundos: 5400 });
    expect(d.semanas[3]).toMatchObject({ lunes: '2026-07-20', extraNetaSegundos: 10_800, extraSobrePactadaSegundos: 0, extraAprobadaSegundos: 5400, extraPagadaSegundos: 10_800, extraValor: 15_000 });
  });

  it('exports CSV (UTF-8 with a BOM, `;`, id_empleado;numero_contrato;proceso first), Excel and JSON', async () => {
    expect((await api('PATCH', `/api/v1/usuarios/${berta.id}`, admin.headers, { numeroContrato: 'C-77' })).statusCode).toBe(200);
    const csv = await api('GET', `/api/v1/remuneraciones/202607/exportar?formato=csv&grupoId=${groupId}`, admin.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('remuneraciones-202607.csv');
    // The BOM tells Excel the file is UTF-8 («Cortés», not «CortÃ©s», on a double click).
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('id_empleado;numero_contrato;proceso;rut;nombre')).toBe(true);
    expect(lines).toHaveLength(4);
    const header = lines[0]!.split(';');
    const record = (p: Person) => {
      const cells = lines.find((l) => l.startsWith(`${p.rut};`))!.split(';');
      return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    };
    expect(record(ana)).toMatchObject({ id_empleado: ana.rut, numero_contrato: '1', proceso: '202607', dias_ausencia_injustificada: '1', valor_ausencias: '20000', nombre: 'Ana' });
    expect(record(berta)).toMatchObject({
      numero_contrato: 'C-77',
      dias_permiso_con_goce: '1',
      dias_permiso_sin_goce: '2',
      descuento_permisos: '40000',
      horas_extra_confirmadas: '0',
      horas_extra_sin_pacto: '8',
      horas_extra_sobre_2h: '6',
      horas_extra_dia_descanso: '8',
    });
    expect(record(carlos)).toMatchObject({ minutos_faltantes: '40', valor_faltante: '2222', domingos_trabajados: '1' });

    const xlsx = await api('GET', '/api/v1/remuneraciones/202607/exportar?formato=xlsx', admin.headers);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([1, 2, 3].map((c) => sheet.getRow(1).getCell(c).value)).toEqual(['id_empleado', 'numero_contrato', 'proceso']);
    expect(sheet.rowCount).toBe(7);

    const json = await api('GET', '/api/v1/remuneraciones/202607/exportar?formato=json', admin.headers);
    expect(json.json()).toMatchObject({ proceso: '202607' });
    expect(json.json().trabajadores).toHaveLength(6);
  });
});

describe('art. 30 and 32: overtime against the contract, paid whether reviewed or not', () => {
  it('a 20-hour contract planned and worked 40 hours in the week of 2026-07-06 is paid 20 hours of overtime, explained on each day', async () => {
    const other = await companyWithAdmin(t.app);
    const elena = await addPerson(t.app, t.database.db, other.companyId, 'trabajador', { nombre: 'Elena', apellidos: 'Espinoza' });
    await t.database.db.update(users).set({ sueldoBase: 300_000, horasSemanales: 20 }).where(eq(users.id, elena.id));
    const shift = (
      await api('POST', '/api/v1/turnos', other.admin.headers, { nombre: 'Diurno', codigo: 'D', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 })
    ).json<{ id: string; version: number }>();
    const now = new Date('2026-06-01T00:00:00Z');
    for (const date of ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10']) {
      await t.database.db.insert(planningDays).values({ companyId: other.companyId, userId: elena.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: now, assignedAt: now, origin: 'manual' });
      for (const [tipo, hour] of [['entrada', 12], ['salida', 21]] as const) {
        const result = await runAsSystem(() =>
          t.app.marks.recordMark({ companyId: other.companyId, userId: elena.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(`${date}T${hour}:00:00Z`) }),
        );
        expect(result.status).toBe('recorded');
      }
    }
    const list = await api('GET', '/api/v1/remuneraciones/202607', other.admin.headers);
    expect(list.statusCode, list.body).toBe(200);
    const row = rowOf(list.json().items, elena);
    // The overtime hour of a 20-hour contract: 300,000 / 30 × 28 / (4 × 20) × 1.5 = 5,250 (art. 32).
    expect(row.horasExtra).toMatchObject({ segundos: 20 * 3600, sobrePactadaSegundos: 20 * 3600, confirmadasSegundos: 0, valorHora: 5250, valor: 105_000 });
    const detail = (await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${elena.id}`, other.admin.headers)).json();
    expect(detail.semanas.find((w: { lunes: string }) => w.lunes === '2026-07-06')).toMatchObject({ extraNetaSegundos: 72_000, extraSobrePactadaSegundos: 72_000, extraPagadaSegundos: 72_000 });
    const friday = detail.dias.find((d: { fecha: string }) => d.fecha === '2026-07-10');
    expect(friday.segundos).toMatchObject({ extra: 0, extraSobrePactada: 8 * 3600 });
    expect(friday.explicacion.join(' ')).toContain('Hora extra sobre la jornada pactada de 20 h semanales: 8 h 00 min de lo planificado');
    const attendance = (await api('GET', `/api/v1/asistencia/trabajadores/${elena.id}?desde=2026-07-06&hasta=2026-07-12`, other.admin.headers)).json();
    expect(attendance.semanas[0]).toMatchObject({ jornadaSemanalSegundos: 20 * 3600, extraSobrePactadaSegundos: 72_000, extraNetaSegundos: 72_000 });
  });
});

describe('closing a month', () => {
  it('refuses a month that has not ended', async () => {
    const r = await api('POST', '/api/v1/remuneraciones/202608/cierre', admin.headers);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toContain('aún no termina');
  });

  it('closes July: permissions and corrections touching it are refused; a reopening is logged with its reason', async () => {
    // A request waiting for approval before the month is closed.
    const pending = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: typeId('VAC.'), desde: '2026-07-27', hasta: '2026-07-28' });
    expect(pending.statusCode, pending.body).toBe(201);

    const closed = await api('POST', '/api/v1/remuneraciones/202607/cierre', admin.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ cerrado: true, cerradoPor: { id: admin.id }, historial: [{ accion: 'cierre', motivo: null }] });
    expect((await api('POST', '/api/v1/remuneraciones/202607/cierre', admin.headers)).statusCode).toBe(409);

    const refused = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: carlos.id, tipoId: typeId('P.G.R.'), desde: '2026-07-31', hasta: '2026-08-03' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('El mes de julio de 2026 está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.');
    const approve = await api('POST', `/api/v1/permisos/${pending.json().id}/aprobar`, admin.headers, {});
    expect(approve.statusCode).toBe(409);
    const correction = await api('POST', '/api/v1/correcciones', admin.headers, { usuarioId: ana.id, tipo: 'entrada', fecha: '2026-07-08', hora: '08:00', motivo: 'Olvidó marcar la entrada' });
    expect(correction.statusCode, correction.body).toBe(409);
    // August is open.
    expect((await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: carlos.id, tipoId: typeId('P.G.R.'), desde: '2026-08-03', hasta: '2026-08-03' })).statusCode).toBe(201);

    t.clock.advance(60_000);
    expect((await api('POST', '/api/v1/remuneraciones/202607/reapertura', admin.headers, {})).statusCode).toBe(400);
    const reopened = await api('POST', '/api/v1/remuneraciones/202607/reapertura', admin.headers, { motivo: 'Faltaba registrar una licencia' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      cerrado: false,
      historial: [
        { accion: 'reapertura', motivo: 'Faltaba registrar una licencia', por: { id: admin.id } },
        { accion: 'cierre', motivo: null },
      ],
    });
    expect((await api('POST', `/api/v1/permisos/${pending.json().id}/aprobar`, admin.headers, {})).statusCode).toBe(200);
    expect((await api('POST', '/api/v1/remuneraciones/202607/reapertura', admin.headers, { motivo: 'Otra vez por error' })).statusCode).toBe(409);
  });
});

describe('a closed month stays closed', () => {
  it('serves what it reported at the close: a late mark changes the stored day, not the closed figures, until the month is reopened', async () => {
    const closed = await api('POST', '/api/v1/remuneraciones/202607/cierre', admin.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    const before = rowOf((await api('GET', '/api/v1/remuneraciones/202607', admin.headers)).json().items, ana);
    expect(before).toMatchObject({ ausencias: { dias: 1, valor: 20_000 } });
    // A clock synchronises late: Ana did work on Wednesday 8 July. Marks are never refused.
    await workday(ana, '2026-07-08');
    const detail = (await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${ana.id}`, admin.headers)).json();
    expect(detail.trabajador).toEqual(before);
    expect(rowOf((await api('GET', '/api/v1/remuneraciones/202607', admin.headers)).json().items, ana)).toEqual(before);
    const csv = (await api('GET', '/api/v1/remuneraciones/202607/exportar?formato=json', admin.headers)).json();
    expect(JSON.stringify(csv)).toContain(ana.rut);

    t.clock.advance(60_000);
    expect((await api('POST', '/api/v1/remuneraciones/202607/reapertura', admin.headers, { motivo: 'Llegaron marcas de un reloj' })).statusCode).toBe(200);
    expect(rowOf((await api('GET', '/api/v1/remuneraciones/202607', admin.headers)).json().items, ana)).toMatchObject({ ausencias: { dias: 0, valor: 0 } });
  });

  it('a permission raced against the first close either is refused or is in the closed figures (ten months)', async () => {
    const other = await companyWithAdmin(t.app);
    const worker = await addPerson(t.app, t.database.db, other.companyId, 'trabajador', { nombre: 'Rita', apellidos: 'Rojas' });
    await t.database.db.update(users).set({ sueldoBase: 600_000, horasSemanales: 42 }).where(eq(users.id, worker.id));
    const unpaid = ((await api('GET', '/api/v1/tipos-permiso', other.admin.headers)).json().items as { id: string; codigo: string }[]).find((x) => x.codigo === 'P.S.G.R.')!.id;
    let refused = 0;
    for (let month = 1; month <= 10; month++) {
      const periodo = `2025${String(month).padStart(2, '0')}`;
      const day = `2025-${String(month).padStart(2, '0')}-15`;
      const [close, permission] = await Promise.all([
        api('POST', `/api/v1/remuneraciones/${periodo}/cierre`, other.admin.headers),
        api('POST', '/api/v1/permisos', other.admin.headers, { usuarioId: worker.id, tipoId: unpaid, desde: day, hasta: day }),
      ]);
      expect(close.statusCode, close.body).toBe(200);
      const row = rowOf((await api('GET', `/api/v1/remuneraciones/${periodo}`, other.admin.headers)).json().items, worker);
      const days = ((row.permisos as { tipo: string; dias: number }[]).find((p) => p.tipo === 'P.S.G.R.')?.dias ?? 0);
      if (permission.statusCode === 201) expect(days, periodo).toBe(1);
      else {
        expect(permission.statusCode, permission.body).toBe(409);
        expect(days, periodo).toBe(0);
        refused++;
      }
    }
    expect(refused).toBeLessThanOrEqual(10);
  });
});

describe('access and bad input', () => {
  it('is for administradores of the company only: another company sees nothing of it', async () => {
    expect((await api('GET', '/api/v1/remuneraciones/202607', supervisor.headers)).statusCode).toBe(403);
    expect((await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${ana.id}`, otherAdmin.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/remuneraciones/202607?grupoId=${groupId}`, otherAdmin.headers)).statusCode).toBe(404);
    const theirs = (await api('GET', '/api/v1/remuneraciones/202607', otherAdmin.headers)).json();
    expect(theirs.items.map((r: Row) => r.usuarioId)).not.toContain(ana.id);
    expect((await api('POST', '/api/v1/remuneraciones/202607/cierre', supervisor.headers)).statusCode).toBe(403);
  });

  it.each([
    ['/api/v1/remuneraciones/202613', 'mes'],
    ['/api/v1/remuneraciones/2026-07', 'AAAAMM'],
    ['/api/v1/remuneraciones/999999', 'periodo'],
    ['/api/v1/remuneraciones/202607?q=a%00b', ''],
    ['/api/v1/remuneraciones/202607?pageSize=100000', 'tamaño'],
    ['/api/v1/remuneraciones/202607/exportar?formato=pdf', 'formato'],
  ])('%s is a Spanish 400', async (url, word) => {
    const r = await api('GET', url, admin.headers);
    expect(r.statusCode, r.body).toBe(400);
    expect(JSON.stringify(r.json())).toContain(word);
  });

  it('an unknown worker or group is a 404; a reopening reason with NUL is a 400', async () => {
    expect((await api('GET', '/api/v1/remuneraciones/202607/trabajadores/no-es-un-id', admin.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/remuneraciones/202607?sedeId=${randomUUID()}`, admin.headers)).statusCode).toBe(404);
    expect((await api('POST', '/api/v1/remuneraciones/202607/reapertura', admin.headers, { motivo: 'motivo\u0000malo' })).statusCode).toBe(400);
  });
});
