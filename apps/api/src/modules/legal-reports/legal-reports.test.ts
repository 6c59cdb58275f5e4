/**
 * The DT's legal reports on workers whose days were worked out by hand (America/Santiago, UTC-3 in
 * March 2026): shift D 08:00–17:00, fixed colación 13:00–14:00 (8 h), 5 minutes of tolerance.
 * Ana, week of Monday 2026-03-02: Mon 08:00–17:00; Tue absent; Wed 08:00–19:00 (2 h over); Thu
 * 08:20–17:00 (20 min late); Fri 08:00–17:00 with colación marks; weekend off. Worked 8 + 10 + 7:40
 * + 8 = 33:40 of 40 agreed hours: the week's total is -06:20:00 (8:20 missing, 2:00 extra); Thursday's
 * 20 minutes are made up by Wednesday's extra time, leaving 01:40:00 of overtime after compensation.
 * Bruno: only Sunday 2026-03-08, 08:00–17:00.
 */
import { randomUUID } from 'node:crypto';
import { formatRut } from '@jornada/domain';
import { GLOSARIO_REPORTES_LEGALES, REPORTE_LEGAL_COLUMNAS, REPORTE_LEGAL_VACIO, type ReporteLegal, type TipoMarca } from '@jornada/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { dailyReportRuns, inspectorEvents, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, testConfig, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';
import { inspectorSession } from '../../test/fixtures/inspectors';
import { DAILY_REPORT_JOB, scheduleDailyReports } from './legal-reports.jobs';
import { createLegalReportsService } from './legal-reports.service';
import { sheetRowsOf, shownRows, shownText } from './legal-reports.xlsx-text';

let t: TestApp;
let companyId: string;
let adminPerson: Person;
let ana: Person;
let bruno: Person;
let shiftD: { id: string; version: number };
let otherAdmin: Person;

const headersOf = async (rut: string) => bearer((await signIn(t.app, formatRut(rut)!, PERSON_PASSWORD)).tokenSesion);
const admin = () => headersOf(adminPerson.rut);
const RANGE = 'periodo=rango&desde=2026-03-02&hasta=2026-03-08';

async function plan(userId: string, date: string, shift: { id: string; version: number } | null) {
  const at = new Date('2026-01-01T00:00:00Z');
  await t.database.db.insert(planningDays).values({
    companyId,
    userId,
    date,
    kind: shift ? 'turno' : 'libre',
    shiftId: shift?.id ?? null,
    shiftVersion: shift?.version ?? null,
    firstPlannedAt: at,
    assignedAt: at,
    origin: 'manual',
  });
}

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

async function report(id: string, query: string, headers?: Record<string, string>): Promise<ReporteLegal> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/${id}?${query}`, headers: headers ?? (await admin()) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReporteLegal>();
}
const NAMES = new Map<string, string>();
const blockOf = (r: ReporteLegal, person: Person) => r.bloques.find((b) => b.titulo === NAMES.get(person.id))!;
const rowOf = (r: ReporteLegal, person: Person, prefix: string) => blockOf(r, person).filas.find((f) => f.celdas[0]!.startsWith(prefix))!.celdas;

/** The entries of a zip (xlsx, docx) as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-20T12:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  adminPerson = await addPerson(t.app, t.database.db, companyId, 'administrador', { nombre: 'Adela', apellidos: 'Administradora' });
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago', calle: 'Av. Apoquindo', numero: '4500' }).returning({ id: sites.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Ana', apellidos: 'Arancibia', cargo: 'Vendedora' });
  bruno = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Bruno', apellidos: 'Bravo', cargo: 'Guardia' });
  NAMES.set(ana.id, 'Arancibia, Ana').set(bruno.id, 'Bravo, Bruno');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers: company.admin.headers,
    payload: { codigo: 'D', nombre: 'Diurno', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 },
  });
  expect(created.statusCode, created.body).toBe(201);
  shiftD = created.json();
  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) await plan(ana.id, date, shiftD);
  for (const date of ['2026-03-07', '2026-03-08']) await plan(ana.id, date, null);
  await plan(bruno.id, '2026-03-08', shiftD);
  await markAt(ana, 'entrada', '2026-03-02T11:00:00Z');
  await markAt(ana, 'salida', '2026-03-02T20:00:00Z');
  await markAt(ana, 'entrada', '2026-03-04T11:00:00Z');
  await markAt(ana, 'salida', '2026-03-04T22:00:00Z');
  await markAt(ana, 'entrada', '2026-03-05T11:20:00Z');
  await markAt(ana, 'salida', '2026-03-05T20:00:00Z');
  await markAt(ana, 'entrada', '2026-03-06T11:00:00Z');
  await markAt(ana, 'inicio_colacion', '2026-03-06T16:00:00Z');
  await markAt(ana, 'fin_colacion', '2026-03-06T17:00:00Z');
  await markAt(ana, 'salida', '2026-03-06T20:00:00Z');
  await markAt(bruno, 'entrada', '2026-03-08T11:00:00Z');
  await markAt(bruno, 'salida', '2026-03-08T20:00:00Z');
  otherAdmin = await addPerson(t.app, t.database.db, (await companyWithAdmin(t.app)).companyId, 'administrador');
}, 120_000);
afterAll(() => t.close());

describe('a) Reporte de asistencia', () => {
  it('one block per worker, the law columns, Sí/No and Justificada/Injustificada per day, and the glossary', async () => {
    const r = await report('asistencia', RANGE);
    expect(r.titulo).toBe('a) Reporte de asistencia');
    expect(r.columnas).toEqual(['Fecha', 'Asistencia', 'Ausencia', 'Observaciones']);
    expect(r.glosario.map((g) => g.sigla)).toEqual(GLOSARIO_REPORTES_LEGALES.map((g) => g.sigla));
    expect(r.glosario.find((g) => g.sigla === 'H.E.')?.significado).toBe('Horas extra');
    expect(r.filtros.map((f) => f.etiqueta)).toEqual(['Periodo', 'Trabajador', 'Grupo', 'Sede', 'Cargo', 'Turno', 'Tipo de jornada']);
    expect(r.filtros[0]!.valor).toBe('Rango de fechas: 02/03/2026 al 08/03/2026');
    expect(r.bloques.map((b) => b.titulo)).toEqual(expect.arrayContaining(['Administradora, Adela', 'Arancibia, Ana', 'Bravo, Bruno']));
    expect(blockOf(r, ana).detalles[0]).toBe(`RUT ${formatRut(ana.rut)}`);
    expect(blockOf(r, ana).detalles).toContain('Sede: Casa Matriz (Av. Apoquindo 4500, Santiago)');
    expect(blockOf(r, ana).filas).toHaveLength(7);
    expect(rowOf(r, ana, '02/03/26')).toEqual(['02/03/26 lun', 'Sí', '', '']);
    expect(rowOf(r, ana, '03/03/26')).toEqual(['03/03/26 mar', 'No', 'Injustificada', '']);
    expect(rowOf(r, ana, '05/03/26')[1]).toBe('Sí');
    expect(rowOf(r, ana, '05/03/26')[3]).toBe('A.I. 00:20:00');
    expect(rowOf(r, ana, '07/03/26')).toEqual(['07/03/26 sáb', 'No', '', 'Descanso']);
  });

  it('filters by cargo and says the exact empty text when nobody matches', async () => {
    const r = await report('asistencia', `${RANGE}&cargo=Guardia`);
    expect(r.bloques.map((b) => b.titulo)).toEqual(['Bravo, Bruno']);
    expect(r.filtros.find((f) => f.etiqueta === 'Cargo')?.valor).toBe('Guardia');
    const none = await report('asistencia', `${RANGE}&cargo=Astronauta`);
    expect(none.bloques).toEqual([]);
    expect(none.vacio).toBe('No hay trabajadores que coincidan con la selección');
    const byShift = await report('asistencia', `${RANGE}&turnoId=${shiftD.id}`);
    expect(byShift.bloques.map((b) => b.titulo)).toEqual(['Arancibia, Ana', 'Bravo, Bruno']);
    expect(byShift.filtros.find((f) => f.etiqueta === 'Turno')?.valor).toBe('08:00–17:00 (Diurno)');
  });

  it('refuses ids of another company (404) and bad periods (400) in Spanish', async () => {
    const other = await headersOf(otherAdmin.rut);
    const cross = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/asistencia?usuarioId=${ana.id}`, headers: other });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe('El trabajador no existe.');
    const tooLong = await t.app.inject({ method: 'GET', url: '/api/v1/reportes-legales/asistencia?periodo=rango&desde=2020-01-01&hasta=2026-01-02', headers: await admin() });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('El rango no puede superar 5 años.');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/reportes-legales/remuneraciones', headers: await admin() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('El reporte no existe.');
    const worker = await t.app.inject({ method: 'GET', url: '/api/v1/reportes-legales/asistencia', headers: await headersOf(ana.rut) });
    expect(worker.statusCode).toBe(403);
  });
});

describe('b) Reporte de jornada diaria', () => {
  it('planned hours, marks, colación, missing and extra time per day and the weekly total as ±hh:mm:ss', async () => {
    const r = await report('jornada', `${RANGE}&usuarioId=${ana.id}`);
    expect(r.columnas).toEqual([...REPORTE_LEGAL_COLUMNAS.jornada]);
    expect(r.columnas).not.toContain('D.E.J.');
    const block = blockOf(r, ana);
    expect(block.filas).toHaveLength(8);
    expect(rowOf(r, ana, '02/03/26')).toEqual(['02/03/26 lun', 'J.O. 08:00–17:00', 'Entrada 08:00:00 · Salida 17:00:00', '01:00:00', '', '', '', '', '']);
    expect(rowOf(r, ana, '03/03/26').slice(5, 7)).toEqual(['08:00:00', '']);
    expect(rowOf(r, ana, '04/03/26')[6]).toBe('H.E. 02:00:00');
    expect(rowOf(r, ana, '05/03/26')[5]).toBe('00:20:00');
    expect(rowOf(r, ana, '06/03/26')[4]).toBe('Inicio colación 13:00:00 · Fin colación 14:00:00');
    const total = block.filas.at(-1)!;
    expect(total.tipo).toBe('total');
    expect(total.celdas[0]).toBe('Total semana 02/03/26 al 08/03/26');
    expect(total.celdas[1]).toBe('J.O. 40:00:00');
    expect(total.celdas[8]).toBe('Total semanal -06:20:00; trabajado 33:40:00; H.E. tras compensación 01:40:00');
  });
});

describe('c) Reporte de días domingo y/o días festivos', () => {
  it('lists the Sundays of a worker who works them, with totals; the exact text for one who does not', async () => {
    const r = await report('domingos', RANGE);
    expect(r.columnas).toEqual(['Fecha', 'Asistencia', 'Ausencia', 'Observaciones']);
    const b = blockOf(r, bruno);
    expect(b.vacio).toBeNull();
    expect(b.filas[0]!.celdas).toEqual(['08/03/26 dom', 'Sí', '', 'Domingo']);
    expect(b.filas.filter((f) => f.tipo === 'total').map((f) => f.celdas[0])).toEqual(['Total 03/2026', 'Total del periodo']);
    expect(b.filas.at(-1)!.celdas[1]).toBe('Asistencias: 1');
    expect(blockOf(r, ana).vacio).toBe(REPORTE_LEGAL_VACIO.sinDomingos);
    expect(blockOf(r, ana).vacio).toBe('La jornada de este trabajador no incluye domingos o festivos');
  });
});

describe('c) and the Sunday rest of art. 38 workers (art. 38 inc. 4 and 38 bis)', () => {
  it('flags a month with fewer than two Sundays off for a 21-hour worker, not a 20-hour one; counts the Sundays off beyond two a month', async () => {
    const other = await companyWithAdmin(t.app);
    const person = (apellidos: string, horasSemanales: number) =>
      addPerson(t.app, t.database.db, other.companyId, 'trabajador', { nombre: 'Test', apellidos, horasSemanales, exceptuadoDescansoDominical: true });
    const twenty = await person('Veinte', 20);
    const twentyOne = await person('Veintiuno', 21);
    const restful = await person('Descansado', 42);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/turnos',
      headers: other.admin.headers,
      payload: { codigo: 'T', nombre: 'Tienda', color: '#228be6', inicio: '10:00', fin: '14:00', colacion: { tipo: 'minutos', minutos: 30 }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const shift = created.json<{ id: string; version: number }>();
    const at = new Date('2026-01-01T00:00:00Z');
    const planOn = (userId: string, date: string, kind: 'turno' | 'libre') =>
      t.database.db.insert(planningDays).values({
        companyId: other.companyId,
        userId,
        date,
        kind,
        shiftId: kind === 'turno' ? shift.id : null,
        shiftVersion: kind === 'turno' ? shift.version : null,
        firstPlannedAt: at,
        assignedAt: at,
        origin: 'manual',
      });
    // February 2026 has four Sundays (1, 8, 15, 22). The 20- and 21-hour workers are planned on three of them and on Wednesdays.
    for (const p of [twenty, twentyOne]) {
      for (const date of ['2026-02-01', '2026-02-08', '2026-02-15', '2026-02-04', '2026-02-11', '2026-02-18', '2026-02-25']) await planOn(p.id, date, 'turno');
      await planOn(p.id, '2026-02-22', 'libre');
    }
    // Two Sundays worked and two off in January, one worked and three off in February (with Mondays, so not weekend-only): 1 beyond two a month.
    for (const date of ['2026-01-04', '2026-01-05', '2026-01-11', '2026-01-12', '2026-02-01', '2026-02-02', '2026-02-09']) await planOn(restful.id, date, 'turno');
    const r = await report('domingos', 'periodo=rango&desde=2026-01-01&hasta=2026-02-28', other.admin.headers);
    const block = (apellidos: string) => r.bloques.find((b) => b.titulo === `${apellidos}, Test`)!;
    const totals = (apellidos: string) => block(apellidos).filas.filter((f) => f.tipo === 'total').map((f) => [f.celdas[0], f.celdas[3]]);
    expect(totals('Veintiuno')).toContainEqual([
      'Total 02/2026',
      'Domingos: 4 · Festivos: 0 · Domingos de descanso: 1 · Menos de dos domingos de descanso en el mes (art. 38 inc. 4)',
    ]);
    expect(totals('Veinte')).toContainEqual([
      'Total 02/2026',
      'Domingos: 4 · Festivos: 0 · Domingos de descanso: 1 · Sin mínimo de domingos de descanso: jornada de 20 horas semanales o menos (art. 38 inc. 4)',
    ]);
    expect(totals('Veinte').at(-1)).toEqual(['Total del periodo', 'Domingos: 8 · Festivos: 1 · Domingos de descanso: 5']);
    expect(totals('Descansado')).toEqual([
      ['Total 01/2026', 'Domingos: 4 · Festivos: 1 · Domingos de descanso: 2'],
      ['Total 02/2026', 'Domingos: 4 · Festivos: 0 · Domingos de descanso: 3'],
      ['Total del periodo', 'Domingos: 8 · Festivos: 1 · Domingos de descanso: 5 · Domingos de descanso adicionales 2026: 1 de 7 (art. 38 bis)'],
    ]);
  });
});

describe('d) Reporte de modificaciones y/o alteraciones de turnos', () => {
  it('reads the planning change log: previous and new shift, who asked, observations', async () => {
    const headers = await admin();
    const first = await t.app.inject({ method: 'PUT', url: `/api/v1/planificaciones/${ana.id}/2026-03-27`, headers, payload: { tipo: 'turno', turnoId: shiftD.id } });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(60_000);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/planificaciones/${ana.id}/2026-03-27`,
      headers,
      payload: { tipo: 'libre', solicitadoPor: 'trabajador', motivo: 'Trámite personal' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const r = await report('modificaciones', `periodo=mes&desde=2026-03-01&usuarioId=${ana.id}`);
    expect(r.columnas).toEqual([...REPORTE_LEGAL_COLUMNAS.modificaciones]);
    const [row] = blockOf(r, ana).filas;
    expect(row!.celdas).toEqual([
      '20/03/2026 09:00:00',
      'D 08:00–17:00',
      '09:00:00',
      '20/03/2026 09:01:00',
      '27/03/2026',
      'Descanso',
      '',
      'Trabajador',
      'C.T. del 27/03/2026; Trámite personal',
    ]);
    const none = await report('modificaciones', `${RANGE}&usuarioId=${bruno.id}`);
    expect(blockOf(none, bruno).vacio).toBe('Sin cambios o modificaciones en el periodo consultado');
  });
});

describe('f) technical incidents', () => {
  it('an administrator records an incident; a detected outage is proposed and enters the report once confirmed', async () => {
    const headers = await admin();
    const empty = await report('incidentes', RANGE);
    expect(empty.vacio).toBe('Sin incidentes técnicos en el periodo consultado');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/incidentes-tecnicos', headers, payload: { inicio: '2026-03-03T12:00:00Z', fin: '2026-03-03T11:00:00Z', descripcion: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('El fin no puede ser anterior al inicio.');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/incidentes-tecnicos',
      headers,
      payload: { inicio: '2026-03-03T12:00:00Z', fin: '2026-03-03T13:30:15Z', descripcion: 'Corte de energía en Casa Matriz' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().duracion).toBe('01:30:15');

    // The heartbeat: touches a minute apart are fine; 20 minutes without one (nothing ran) is an outage.
    const svc = createLegalReportsService({ db: t.database.appDatabase.db, attendance: {} as never, planning: {} as never, shiftCatalog: {} as never });
    expect((await svc.heartbeat(new Date('2026-03-04T10:00:00Z'))).outage).toBeNull();
    expect((await svc.heartbeat(new Date('2026-03-04T10:01:00Z'))).outage).toBeNull();
    expect((await svc.heartbeat(new Date('2026-03-04T10:21:00Z'))).outage).toEqual({ from: new Date('2026-03-04T10:01:00Z'), to: new Date('2026-03-04T10:21:00Z') });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/incidentes-tecnicos', headers });
    expect(list.json().propuestos).toBe(1);
    const proposal = list.json().items[0];
    expect(proposal).toMatchObject({ estado: 'propuesto', origen: 'detectado', duracion: '00:20:00' });
    expect((await report('incidentes', RANGE)).bloques[0]!.filas).toHaveLength(1);
    const decided = await t.app.inject({ method: 'POST', url: `/api/v1/incidentes-tecnicos/${proposal.id}/decision`, headers, payload: { decision: 'confirmado' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const r = await report('incidentes', RANGE);
    expect(r.columnas).toEqual(['Inicio', 'Fin', 'Duración', 'Descripción']);
    expect(r.bloques[0]!.filas.map((f) => f.celdas)).toEqual([
      ['03/03/2026 09:00:00', '03/03/2026 10:30:15', '01:30:15', 'Corte de energía en Casa Matriz'],
      ['04/03/2026 07:01:00', '04/03/2026 07:21:00', '00:20:00', expect.stringContaining('Interrupción detectada por el sistema')],
    ]);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/incidentes-tecnicos/${proposal.id}/decision`, headers, payload: { decision: 'descartado' } });
    expect(again.statusCode).toBe(409);
    const other = await t.app.inject({ method: 'PUT', url: `/api/v1/incidentes-tecnicos/${proposal.id}`, headers: await headersOf(otherAdmin.rut), payload: { inicio: '2026-03-03T12:00:00Z', fin: '2026-03-03T13:00:00Z', descripcion: 'x' } });
    expect(other.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('Word: Arial, at most 8 pt (16 half-points), the same cells as the screen', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/jornada/exportar?${RANGE}&usuarioId=${ana.id}&formato=docx`, headers: await admin() });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('wordprocessingml');
    const files = await unzip(response.rawPayload);
    const xml = files.get('word/document.xml')!;
    const styles = files.get('word/styles.xml')!;
    // Every run of the document, and the document's default, is Arial at 8 pt or less.
    const sizes = [...xml.matchAll(/<w:sz w:val="(\d+)"/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(16);
    const fonts = new Set([...xml.matchAll(/w:ascii="([^"]+)"/g)].map((m) => m[1]));
    expect([...fonts]).toEqual(['Arial']);
    const defaults = /<w:docDefaults>[\s\S]*?<\/w:docDefaults>/.exec(styles)![0];
    expect(defaults).toContain('w:ascii="Arial"');
    expect(Number(/<w:sz w:val="(\d+)"/.exec(defaults)![1])).toBeLessThanOrEqual(16);
    expect(xml).toContain('Total semanal -06:20:00');
    expect(xml).toContain('Entrada 08:00:00 · Salida 17:00:00');
    expect(xml).toContain('Glosario de abreviaturas');
    expect(xml).toContain('Permiso sin goce de remuneraciones');
  });

  it.each([
    ['asistencia', RANGE],
    ['jornada', RANGE],
    ['domingos', RANGE],
    ['modificaciones', 'periodo=mes&desde=2026-03-01'],
    ['incidentes', RANGE],
  ])('Excel of %s: Arial 8, every cell of the screen shown as on screen, the header frozen and filtered', async (id, query) => {
    const headers = await admin();
    const screen = await report(id, `${query}&pageSize=100`, headers);
    expect(screen.total).toBeLessThanOrEqual(100);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/${id}/exportar?${query}&formato=xlsx`, headers });
    expect(response.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    // Generated a moment apart: the only line that may differ.
    const expected = sheetRowsOf({ ...screen, generadoEn: shownRows(ws)[screen.filtros.length + 2]![0]!.replace('Generado el ', '') });
    expect(expected.rows[screen.filtros.length + 2]![0]).toMatch(/^Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(shownRows(ws)).toEqual(expected.rows);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: expected.header });
    expect(ws.autoFilter).toMatch(new RegExp(`^A${expected.header}:[A-Z]${expected.last}$`));
    const fonts = new Set<string>();
    let dates = 0;
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        fonts.add(`${cell.font?.name} ${cell.font?.size}`);
        if (cell.type === ExcelJS.ValueType.Date) dates++;
      }),
    );
    expect([...fonts]).toEqual(['Arial 8']);
    // Each report's dates (a, b, c) or instants (d, f) are Excel dates.
    expect(dates).toBeGreaterThan(0);
  });

  it('Excel: dates are dates and times durations, as the screen shows them', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/jornada/exportar?${RANGE}&usuarioId=${ana.id}&formato=xlsx`, headers: await admin() });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows = new Map<string, ExcelJS.Row>();
    ws.eachRow((row) => rows.set(shownText(row.getCell(1)), row));
    const monday = rows.get('02/03/26 lun')!;
    expect(monday.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(monday.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(monday.getCell(4).numFmt).toBe('[hh]:mm:ss');
    expect(shownText(monday.getCell(4))).toBe('01:00:00');
    const wednesday = rows.get('04/03/26 mié')!;
    expect(wednesday.getCell(7).numFmt).toBe('"H.E. "[hh]:mm:ss');
    expect(shownText(wednesday.getCell(7))).toBe('H.E. 02:00:00');
    expect(shownText(rows.get('05/03/26 jue')!.getCell(6))).toBe('00:20:00');
    // The week's total stays text, as on screen.
    expect(rows.get('Total semana 02/03/26 al 08/03/26')!.getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('Excel: each report’s sheet named in full, within Excel’s 31 characters and without «/»', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/domingos/exportar?${RANGE}&formato=xlsx`, headers: await admin() });
    expect(response.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.name).toBe('c) Domingos y festivos');
  });

  it('PDF: a document with Helvetica (Arial metrics), readable', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes-legales/domingos/exportar?${RANGE}&formato=pdf`, headers: await admin() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/BaseFont /Helvetica');
    expect(text).not.toMatch(/\/BaseFont \/(?!Helvetica)/);
  });
});

describe('the inspector', () => {
  it('opens a legal report of the chosen employer, read-only, and the access log records it', async () => {
    const inspector = await inspectorSession(t, companyId);
    const r = await report('jornada', `${RANGE}&usuarioId=${ana.id}`, inspector.headers);
    expect(blockOf(r, ana).filas.at(-1)!.celdas[8]).toMatch(/^Total semanal -06:20:00/);
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/incidentes-tecnicos', headers: inspector.headers, payload: { inicio: '2026-03-03T12:00:00Z', fin: '2026-03-03T13:00:00Z', descripcion: 'x' } });
    expect(write.statusCode).toBe(403);
    const events = await runAsSystem(() =>
      t.database.db.select().from(inspectorEvents).where(and(eq(inspectorEvents.companyId, companyId), eq(inspectorEvents.email, inspector.data.email))),
    );
    const opened = events.find((e) => e.path?.startsWith('/api/v1/reportes-legales/jornada'));
    expect(opened).toMatchObject({ event: 'consulta', allowed: true, companyRut: expect.any(String) });
    expect(opened?.ip).toBeTruthy();
    const log = await t.app.inject({ method: 'GET', url: '/api/v1/fiscalizacion/accesos?pageSize=50', headers: await admin() });
    expect(log.body).toContain('/api/v1/reportes-legales/jornada');
  });
});

describe('e) Reporte diario', () => {
  it('is e-mailed once a day to the administrators with the day\'s marks, also with two API processes', async () => {
    const companyRut = (await report('incidentes', RANGE)).empresa.rut;
    const second = await buildApp({ db: t.database.appDatabase.db, config: testConfig(), clock: t.clock.now, mailer: t.mailer, sleep: async () => {} });
    try {
      t.clock.set('2026-03-05T03:30:00Z'); // 00:30 of Thursday in Santiago: Wednesday's e-mail is due
      const before = t.mailer.sent.length;
      const queued = await Promise.all([scheduleDailyReports(t.database.appDatabase.db, t.clock.now()), scheduleDailyReports(t.database.appDatabase.db, t.clock.now())]);
      expect(queued[0]! + queued[1]!).toBeGreaterThanOrEqual(1);
      await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
      // Later the same day, both processes schedule again: nothing new.
      t.clock.advance(3 * 3600_000);
      expect(await scheduleDailyReports(t.database.appDatabase.db, t.clock.now())).toBe(0);
      await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
      const mine = (m: { subject: string }, day: string) => m.subject === `e) Reporte diario del ${day} · RUT ${companyRut}`;
      const daily = t.mailer.sent.slice(before).filter((m) => mine(m, '04/03/2026'));
      expect(daily).toHaveLength(1);
      expect(daily[0]!.text).toContain(`Arancibia, Ana (RUT ${formatRut(ana.rut)}): 08:00:00 Entrada, 19:00:00 Salida`);
      expect(daily[0]!.text).not.toContain('Bravo, Bruno');
      const [run] = await runAsSystem(() =>
        t.database.db.select().from(dailyReportRuns).where(and(eq(dailyReportRuns.companyId, companyId), eq(dailyReportRuns.fecha, '2026-03-04'))),
      );
      expect(run?.sentAt).not.toBeNull();
      // The next day brings the next e-mail.
      t.clock.set('2026-03-06T03:30:00Z');
      expect(await scheduleDailyReports(t.database.appDatabase.db, t.clock.now())).toBeGreaterThanOrEqual(1);
      await t.app.jobs.drain();
      expect(t.mailer.sent.filter((m) => mine(m, '05/03/2026'))).toHaveLength(1);
      expect(DAILY_REPORT_JOB).toBe('reporte-diario');
    } finally {
      await second.close();
    }
  });
});

describe('b) the D.E.J. column names each worker’s DT resolution in force, their own or their group’s (art. 38 inc. final)', () => {
  it('appears once the company records a resolution, dated by the worker’s schedule in force', async () => {
    const headers = await admin();
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/jornadas-excepcionales', headers, payload: { numero: 'Res. Ex. 4321', diasTrabajo: 4, diasDescanso: 3, vigenteDesde: '2026-03-04' } });
    expect(created.statusCode, created.body).toBe(201);
    const assigned = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${ana.id}`, headers, payload: { jornadaExcepcionalId: created.json().id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const r = await report('jornada', RANGE);
    expect(r.columnas).toEqual([...REPORTE_LEGAL_COLUMNAS.jornada, 'D.E.J.']);
    // Before the resolution is in force, no D.E.J.; from its first day, on each planned day.
    expect(rowOf(r, ana, '03/03/26').at(-1)).toBe('');
    expect(rowOf(r, ana, '04/03/26').at(-1)).toBe('D.E.J. Res. Res. Ex. 4321');
    // A worker under the ordinary limits: the cell is empty.
    expect(rowOf(r, bruno, '04/03/26').at(-1)).toBe('');
  });

  it('names the group’s resolution for a member without one of their own', async () => {
    t.clock.set('2026-03-20T12:00:00Z');
    const headers = await admin();
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/jornadas-excepcionales', headers, payload: { numero: 'Res. Ex. 8765', diasTrabajo: 7, diasDescanso: 7 } });
    expect(created.statusCode, created.body).toBe(201);
    const group = await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers, payload: { nombre: 'Faena D.E.J.', jornadaExcepcionalId: created.json().id } });
    expect(group.statusCode, group.body).toBe(201);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/v1/grupos/${group.json().id}/miembros`, headers, payload: { agregar: [bruno.id, ana.id] } });
    expect(moved.statusCode, moved.body).toBe(200);
    const r = await report('jornada', RANGE);
    // Bruno's one planned day; his days without a shift carry none.
    expect(rowOf(r, bruno, '08/03/26').at(-1)).toBe('D.E.J. Res. Res. Ex. 8765');
    expect(rowOf(r, bruno, '04/03/26').at(-1)).toBe('');
    // Ana keeps her own.
    expect(rowOf(r, ana, '04/03/26').at(-1)).toBe('D.E.J. Res. Res. Ex. 4321');
  });
});
