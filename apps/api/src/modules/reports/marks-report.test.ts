import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marks } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { formatRut } from '@jornada/domain';
import { bearer, signIn } from '../../test/factories';
import { addPerson, PERSON_PASSWORD, type Person } from '../../test/people';
import { markHash } from '../marks/marks.hash';
import { scheduleMarkAudits } from './mark-audit';
import { mark, markingCompany, markingWorker, pdfText, type MarkingCompany } from '../../test/fixtures/marks';
import { addGroup } from '../../test/fixtures/planning';

let t: TestApp;
let company: MarkingCompany;
let admin: Person;

/** Monday 2 June 2025, 09:00 in Santiago (UTC-4). */
const BASE = '2025-06-02T13:00:00.000Z';
/** When the reports are read: the last evening of June 2025 (the default period is still June). */
const LATE = '2025-06-30T23:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
  admin = await addPerson(t.app, t.database.db, company.companyId, 'administrador');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(BASE));

interface Row {
  marcaId: string;
  secuencia: number;
  fecha: string;
  hora: string;
  tipo: string;
  integridad: string;
  integridadEtiqueta: string;
  integridadDetalle: string;
  hash: string;
  hashCorto: string;
  hashRecalculado: string | null;
  [key: string]: unknown;
}
interface Block {
  trabajador: { id: string; nombre: string; rut: string };
  marcas: Row[];
  resumen: { marcas: number; alteradas: number };
  alertaCadena: string | null;
}

/** A session opened now (sessions last 2 hours and the tests move the clock by days). */
async function headersOf(person: Person): Promise<Record<string, string>> {
  return bearer((await signIn(t.app, formatRut(person.rut)!, PERSON_PASSWORD)).tokenSesion);
}

/** Calls the API as a person, at the end of June 2025. */
async function get(person: Person, url: string) {
  t.clock.set(LATE);
  return t.app.inject({ method: 'GET', url, headers: await headersOf(person) });
}

function report(person: Person, query = '') {
  return get(person, `/api/v1/reportes/marcas${query ? `?${query}` : ''}`);
}

async function reportOk(person: Person, query = '') {
  const response = await report(person, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { bloques: Block[]; resumen: Record<string, number>; total: number; periodo: { desde: string; hasta: string } };
}

/** A full day through the API: entrada 09:00, colación 13:00–13:45, salida 18:00 (Santiago). */
async function workDay(worker: Person, day = '2025-06-02'): Promise<string[]> {
  const ids: string[] = [];
  for (const [tipo, time] of [
    ['entrada', '13:00'],
    ['inicio_colacion', '17:00'],
    ['fin_colacion', '17:45'],
    ['salida', '22:00'],
  ] as const) {
    t.clock.set(`${day}T${time}:00.000Z`);
    const response = await mark(t.app, await headersOf(worker), { tipo });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().marca.id);
  }
  return ids;
}

/** What a superuser could do: switch the insert-only trigger off and edit the table. */
async function asSuperuser(statements: (db: TestApp['database']['db']) => Promise<void>) {
  const db = t.database.db;
  await db.execute(sql`alter table marks disable trigger marks_no_update_delete`);
  try {
    await statements(db);
  } finally {
    await db.execute(sql`alter table marks enable trigger marks_no_update_delete`);
  }
}

describe('GET /api/v1/reportes/marcas', () => {
  it('shows one block per worker with every mark, its legal date and time, method, site, hash and integrity', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const ids = await workDay(worker);
    const body = await reportOk(admin, `usuarioId=${worker.id}`);
    expect(body.periodo).toEqual({ desde: '2025-06-01', hasta: '2025-06-30' });
    expect(body.total).toBe(1);
    expect(body.bloques).toHaveLength(1);
    const block = body.bloques[0]!;
    expect(block.trabajador.id).toBe(worker.id);
    expect(block.trabajador.rut).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
    expect(block.marcas.map((row) => [row.secuencia, row.fecha, row.hora, row.tipo, row.integridad])).toEqual([
      [1, '02/06/25', '09:00:00', 'entrada', 'integra'],
      [2, '02/06/25', '13:00:00', 'inicio_colacion', 'integra'],
      [3, '02/06/25', '13:45:00', 'fin_colacion', 'integra'],
      [4, '02/06/25', '18:00:00', 'salida', 'integra'],
    ]);
    expect(block.marcas[0]).toMatchObject({
      marcaId: ids[0],
      metodo: 'web',
      metodoEtiqueta: 'Web',
      tipoEtiqueta: 'Entrada',
      sede: { id: company.siteId },
      offline: false,
      fueraDeGeocerca: false,
      integridadEtiqueta: 'Íntegra',
      zonaHoraria: 'America/Santiago',
    });
    expect(block.marcas[0]!.hashCorto).toBe(block.marcas[0]!.hash.slice(0, 12));
    expect(block.marcas[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(block.alertaCadena).toBeNull();
    expect(body.resumen).toMatchObject({ trabajadores: 1, marcas: 4, marcasAlteradas: 0 });
  });

  it('flags exactly the row a superuser changed as alterada, and the next row stays íntegra', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const ids = await workDay(worker);
    await asSuperuser(async (db) => {
      await db.execute(sql`update marks set at = at - interval '30 minutes' where id = ${ids[1]}`);
    });
    const body = await reportOk(admin, `usuarioId=${worker.id}`);
    const rows = body.bloques[0]!.marcas;
    expect(rows.map((row) => row.integridad)).toEqual(['integra', 'alterada', 'integra', 'integra']);
    const altered = rows[1]!;
    expect(altered).toMatchObject({ marcaId: ids[1], hora: '12:30:00', integridadEtiqueta: 'ALTERADA' });
    expect(altered.integridadDetalle).toContain('fueron modificados después de registrarse');
    expect(altered.hashRecalculado).toMatch(/^[0-9a-f]{64}$/);
    expect(altered.hashRecalculado).not.toBe(altered.hash);
    expect(body.resumen).toMatchObject({ marcas: 4, marcasAlteradas: 1, alteradas: 1, cadenaRota: 0, trabajadoresConAlteraciones: 1 });
    expect(body.bloques[0]!.resumen).toEqual({ marcas: 4, alteradas: 1 });
  });

  it('a row rewritten with a fresh hash passes on its own, but the next row no longer links to it (cadena_rota)', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const ids = await workDay(worker);
    const [row] = await t.database.db.select().from(marks).where(eq(marks.id, ids[2]!));
    const forged = { ...row!, at: new Date(row!.at.getTime() - 15 * 60_000) };
    const forgedHash = markHash(forged);
    await asSuperuser(async (db) => {
      await db.execute(sql`update marks set at = ${forged.at.toISOString()}, hash = ${forgedHash} where id = ${ids[2]}`);
    });
    const rows = (await reportOk(admin, `usuarioId=${worker.id}`)).bloques[0]!.marcas;
    expect(rows.map((r) => r.integridad)).toEqual(['integra', 'integra', 'integra', 'cadena_rota']);
    expect(rows[3]!.integridadEtiqueta).toBe('ALTERADA (cadena rota)');
    expect(rows[3]!.integridadDetalle).toContain('marca anterior (N° 3)');
  });

  it('a deleted row flags the following one, and deleted last rows flag the block', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const ids = await workDay(worker);
    await asSuperuser(async (db) => {
      await db.execute(sql`delete from marks where id = ${ids[1]}`);
      await db.execute(sql`delete from marks where id = ${ids[3]}`);
    });
    const body = await reportOk(admin, `usuarioId=${worker.id}`);
    const block = body.bloques[0]!;
    expect(block.marcas.map((r) => [r.secuencia, r.integridad])).toEqual([
      [1, 'integra'],
      [3, 'cadena_rota'],
    ]);
    expect(block.marcas[1]!.integridadDetalle).toBe('Falta la marca N° 2 de la cadena, justo antes de esta: fue borrada de la base de datos.');
    expect(block.alertaCadena).toContain('termina en la marca N° 3, pero se registraron 4');
    expect(body.resumen).toMatchObject({ marcas: 2, marcasAlteradas: 1, cadenaRota: 1, trabajadoresConAlteraciones: 1 });
  });

  it('counts flagged rows of the whole report, not only of the page, and pages by worker blocks', async () => {
    const other = await markingCompany(t.app, t.database.db);
    const otherAdmin = await addPerson(t.app, t.database.db, other.companyId, 'administrador');
    const own = await markingCompany(t.app, t.database.db);
    const ownAdmin = await addPerson(t.app, t.database.db, own.companyId, 'administrador');
    const [a, b, c] = [
      await markingWorker(t.app, t.database.db, own),
      await markingWorker(t.app, t.database.db, own),
      await markingWorker(t.app, t.database.db, own),
    ];
    for (const worker of [a!, b!, c!]) await workDay(worker, '2025-06-03');
    const victim = (await t.database.db.select().from(marks).where(eq(marks.userId, c!.id))).find((row) => row.seq === 4)!;
    await asSuperuser(async (db) => {
      await db.execute(sql`update marks set kind = 'entrada' where id = ${victim.id}`);
    });
    const page1 = await reportOk(ownAdmin, 'pageSize=1&page=1');
    expect(page1.total).toBe(3);
    expect(page1.bloques).toHaveLength(1);
    expect(page1.resumen).toMatchObject({ trabajadores: 3, marcas: 12, marcasAlteradas: 1 });
    const all = await reportOk(ownAdmin, 'pageSize=3');
    const flaggedWorker = all.bloques.find((block) => block.resumen.alteradas > 0)!;
    expect(flaggedWorker.trabajador.id).toBe(c!.id);
    // Another company sees none of it.
    expect((await reportOk(otherAdmin)).bloques).toEqual([]);
  });

  it('a change made with every trigger off is counted once the scheduled audit finds it, or at once by the page that shows it', async () => {
    const own = await markingCompany(t.app, t.database.db);
    const ownAdmin = await addPerson(t.app, t.database.db, own.companyId, 'administrador');
    const workers = [await markingWorker(t.app, t.database.db, own), await markingWorker(t.app, t.database.db, own), await markingWorker(t.app, t.database.db, own)];
    for (const worker of workers) await workDay(worker, '2025-06-12');
    const audited = async () => {
      expect(await scheduleMarkAudits(t.database.db, t.clock.now())).toBeGreaterThan(0);
      await t.app.jobs.drain();
    };
    await audited();
    const order = (await reportOk(ownAdmin, 'pageSize=3')).bloques.map((block) => block.trabajador.id);
    const [second, third] = [order[1]!, order[2]!];
    const markOf = async (userId: string, seq: number) => (await t.database.db.select().from(marks).where(eq(marks.userId, userId))).find((row) => row.seq === seq)!;
    const [victim, shown] = [await markOf(third, 2), await markOf(second, 3)];
    // Beyond what a superuser switching off the insert-only trigger does: every trigger off, the change count too.
    await t.database.db.execute(sql`alter table marks disable trigger all`);
    try {
      await t.database.db.execute(sql`update marks set kind = 'salida' where id in (${victim.id}, ${shown.id})`);
    } finally {
      await t.database.db.execute(sql`alter table marks enable trigger all`);
    }
    // The first page reads the stored verdicts for the others: the change is not known yet.
    expect((await reportOk(ownAdmin, 'pageSize=1&page=1')).resumen).toMatchObject({ marcasAlteradas: 0 });
    // The page that shows a changed row verifies it as it shows it, counts it and stores the verdict at once.
    const page2 = await reportOk(ownAdmin, 'pageSize=1&page=2');
    expect(page2.bloques[0]!.marcas.map((row) => row.integridad)).toEqual(['integra', 'integra', 'alterada', 'integra']);
    expect(page2.resumen).toMatchObject({ marcasAlteradas: 1, trabajadoresConAlteraciones: 1 });
    expect((await reportOk(ownAdmin, 'pageSize=1&page=1')).resumen).toMatchObject({ marcasAlteradas: 1 });
    // The scheduled audit finds the other one; from then on every page counts both.
    await audited();
    const page1 = await reportOk(ownAdmin, 'pageSize=1&page=1');
    expect(page1.resumen).toMatchObject({ trabajadores: 3, marcas: 12, marcasAlteradas: 2, alteradas: 2, trabajadoresConAlteraciones: 2 });
    // Filters apply to the stored verdicts too: the changed rows are now exits.
    expect((await reportOk(ownAdmin, 'pageSize=1&tipo=entrada')).resumen).toMatchObject({ marcasAlteradas: 0 });
    expect((await reportOk(ownAdmin, 'pageSize=1&tipo=salida')).resumen).toMatchObject({ marcasAlteradas: 2 });
  });

  it('filters by kind, method, site and period, and still verifies each row against its chain', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    await workDay(worker, '2025-06-04');
    await workDay(worker, '2025-06-05');
    const exits = await reportOk(admin, `usuarioId=${worker.id}&tipo=salida`);
    expect(exits.bloques[0]!.marcas.map((r) => [r.fecha, r.tipo, r.integridad])).toEqual([
      ['04/06/25', 'salida', 'integra'],
      ['05/06/25', 'salida', 'integra'],
    ]);
    const day = await reportOk(admin, `usuarioId=${worker.id}&desde=2025-06-05&hasta=2025-06-05`);
    expect(day.bloques[0]!.marcas).toHaveLength(4);
    expect(day.bloques[0]!.marcas.every((r) => r.fecha === '05/06/25' && r.integridad === 'integra')).toBe(true);
    expect((await reportOk(admin, `usuarioId=${worker.id}&metodo=huella`)).bloques).toEqual([]);
    expect((await reportOk(admin, `usuarioId=${worker.id}&sedeId=${company.siteId}`)).bloques[0]!.marcas).toHaveLength(8);
    expect((await reportOk(admin, `usuarioId=${worker.id}&desde=2025-05-01&hasta=2025-05-31`)).bloques).toEqual([]);
  });

  it('shows offline marks at the device time with when the server received them', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    t.clock.set('2025-06-10T14:00:00.000Z');
    const offline = await mark(t.app, await headersOf(worker), { tipo: 'entrada', horaOriginal: '2025-06-10T12:58:30.000Z' });
    expect(offline.statusCode, offline.body).toBe(201);
    const rows = (await reportOk(admin, `usuarioId=${worker.id}&desde=2025-06-10&hasta=2025-06-10`)).bloques[0]!.marcas;
    expect(rows[0]).toMatchObject({ hora: '08:58:30', offline: true, recibidaEn: '10/06/25 10:00:00', integridad: 'integra' });
  });

  it('links a correction to the mark it corrects', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    t.clock.set('2025-06-11T13:00:00.000Z');
    const entry = (await mark(t.app, await headersOf(worker), { tipo: 'entrada' })).json().marca;
    t.clock.set('2025-06-11T22:00:00.000Z');
    const result = await t.app.marks.recordMark(
      { companyId: company.companyId, userId: worker.id, tipo: 'salida', metodo: 'correccion', idCliente: 'correccion-2', corrigeMarcaId: entry.id, sinCorreo: true },
      { now: t.clock.now() },
    );
    expect(result.status).toBe('recorded');
    const rows = (await reportOk(admin, `usuarioId=${worker.id}&desde=2025-06-11&hasta=2025-06-11`)).bloques[0]!.marcas;
    expect(rows[0]).toMatchObject({ secuencia: 1, corregidaPor: { secuencia: 2 }, corrigeA: null });
    expect(rows[1]).toMatchObject({ secuencia: 2, metodo: 'correccion', metodoEtiqueta: 'Corrección', corrigeA: { marcaId: entry.id, secuencia: 1 }, integridad: 'integra' });
  });

  it('validates the period: reversed, longer than 5 years; exactly 5 years is fine', async () => {
    const reversed = await report(admin, 'desde=2025-06-10&hasta=2025-06-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.hasta).toBe('La fecha final no puede ser anterior a la inicial.');
    const tooLong = await report(admin, 'desde=2020-06-01&hasta=2025-06-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.hasta).toContain('no puede superar 5 años');
    expect((await report(admin, 'desde=2020-06-02&hasta=2025-06-01')).statusCode).toBe(200);
    expect((await report(admin, 'desde=2025-13-01')).statusCode).toBe(400);
    // Only one end: the month of the other.
    expect((await reportOk(admin, 'desde=2025-02-10')).periodo).toEqual({ desde: '2025-02-10', hasta: '2025-02-28' });
  });
});

describe('who sees what', () => {
  let leader: Person;
  let member: Person;
  let outsider: Person;
  let groupId: string;
  let otherGroupId: string;

  beforeAll(async () => {
    const db = t.database.db;
    leader = await markingWorker(t.app, db, company, { perfil: 'supervisor' });
    groupId = await addGroup(db, company.companyId, 'Bodega Report', [leader.id]);
    otherGroupId = await addGroup(db, company.companyId, 'Caja Report');
    member = await markingWorker(t.app, db, company, { groupId });
    outsider = await markingWorker(t.app, db, company, { groupId: otherGroupId });
    for (const person of [leader, member, outsider]) await workDay(person, '2025-06-20');
  });

  const ids = (body: { bloques: Block[] }) => body.bloques.map((block) => block.trabajador.id).sort();

  it('a worker sees only their own marks; anyone else’s id is 404', async () => {
    const body = await reportOk(member, 'desde=2025-06-20&hasta=2025-06-20');
    expect(ids(body)).toEqual([member.id]);
    expect((await report(member, `usuarioId=${outsider.id}`)).statusCode).toBe(404);
    expect((await report(member, `grupoId=${otherGroupId}`)).statusCode).toBe(404);
    expect((await reportOk(member, `grupoId=${groupId}&desde=2025-06-20&hasta=2025-06-20`)).bloques).toHaveLength(1);
  });

  it('a supervisor sees the groups they lead and themselves', async () => {
    const body = await reportOk(leader, 'desde=2025-06-20&hasta=2025-06-20');
    expect(ids(body)).toEqual([leader.id, member.id].sort());
    expect((await report(leader, `usuarioId=${outsider.id}`)).statusCode).toBe(404);
    expect((await report(leader, `grupoId=${otherGroupId}`)).statusCode).toBe(404);
    expect(ids(await reportOk(leader, `grupoId=${groupId}&desde=2025-06-20&hasta=2025-06-20`))).toEqual([member.id]);
  });

  it('administrador and fiscalizador see every worker; another company’s ids are 404', async () => {
    const inspector = await addPerson(t.app, t.database.db, company.companyId, 'fiscalizador');
    for (const person of [admin, inspector]) {
      const body = await reportOk(person, 'desde=2025-06-20&hasta=2025-06-20');
      expect(ids(body)).toEqual([leader.id, member.id, outsider.id].sort());
    }
    const strangerCompany = await markingCompany(t.app, t.database.db);
    const stranger = await addPerson(t.app, t.database.db, strangerCompany.companyId, 'administrador');
    expect((await report(stranger, `usuarioId=${member.id}`)).statusCode).toBe(404);
    expect((await report(stranger, `grupoId=${groupId}`)).statusCode).toBe(404);
    expect((await report(stranger, `sedeId=${company.siteId}`)).statusCode).toBe(404);
    expect((await report(admin, 'usuarioId=no-es-un-id')).statusCode).toBe(404);
  });

  it('filter choices and the worker search stay within the scope', async () => {
    const supervisorOptions = (await get(leader, '/api/v1/reportes/opciones')).json();
    expect(supervisorOptions.grupos).toEqual([{ id: groupId, nombre: 'Bodega Report' }]);
    expect(supervisorOptions.sedes.map((s: { id: string }) => s.id)).toContain(company.siteId);
    const workerOptions = (await get(member, '/api/v1/reportes/opciones')).json();
    expect(workerOptions).toEqual({ grupos: [], sedes: [{ id: company.siteId, nombre: expect.any(String) }] });
    const inspector = await addPerson(t.app, t.database.db, company.companyId, 'fiscalizador');
    const inspectorOptions = (await get(inspector, '/api/v1/reportes/opciones')).json();
    expect(inspectorOptions.grupos.map((g: { id: string }) => g.id)).toEqual(expect.arrayContaining([groupId, otherGroupId]));

    const search = (await get(leader, '/api/v1/reportes/trabajadores?q=persona')).json();
    expect(search.items.map((w: { id: string }) => w.id).sort()).toEqual([leader.id, member.id].sort());
    expect((await get(leader, `/api/v1/reportes/trabajadores?id=${outsider.id}`)).statusCode).toBe(404);
    const own = (await get(member, `/api/v1/reportes/trabajadores?id=${member.id}`)).json();
    expect(own.items).toHaveLength(1);
    const rutBody = own.items[0].rut.split('-')[0].replaceAll('.', '');
    const byRut = (await get(admin, `/api/v1/reportes/trabajadores?q=${rutBody}`)).json();
    expect(byRut.items.map((w: { id: string }) => w.id)).toEqual([member.id]);
  });
});

describe('exports', () => {
  let worker: Person;
  let ids: string[];

  beforeAll(async () => {
    worker = await markingWorker(t.app, t.database.db, company);
    ids = await workDay(worker, '2025-06-25');
    await asSuperuser(async (db) => {
      await db.execute(sql`update marks set kind = 'entrada' where id = ${ids[3]}`);
    });
  });

  it('Excel: the same blocks and columns, Arial 8 pt, the altered row in red saying ALTERADA', async () => {
    const response = await get(admin, `/api/v1/reportes/marcas/exportar?formato=xlsx&usuarioId=${worker.id}&desde=2025-06-25&hasta=2025-06-25`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('reporte-marcas-2025-06-25-a-2025-06-25.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Marcas')!;
    const rows: string[][] = [];
    const numbers: number[] = [];
    sheet.eachRow((row) => {
      numbers.push(row.number);
      rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
    });
    expect(rows[0]![0]).toBe('Reporte de marcas');
    expect(rows.some((row) => row[0]!.startsWith('ATENCIÓN: 1 marca alterada'))).toBe(true);
    const header = rows.findIndex((row) => row[0] === 'N°');
    expect(rows[header]).toEqual(['N°', 'Fecha', 'Hora', 'Tipo', 'Método', 'Sede', 'Observaciones', 'Corrección', 'Hash', 'Integridad']);
    const body = rows.slice(header + 1, header + 5);
    expect(body.map((row) => row.slice(0, 4))).toEqual([
      ['1', '25/06/25', '09:00:00', 'Entrada'],
      ['2', '25/06/25', '13:00:00', 'Inicio de colación'],
      ['3', '25/06/25', '13:45:00', 'Fin de colación'],
      ['4', '25/06/25', '18:00:00', 'Entrada'],
    ]);
    expect(body.slice(0, 3).every((row) => row[9] === 'Íntegra')).toBe(true);
    expect(body[3]![9]).toMatch(/^ALTERADA\nLos datos de esta marca fueron modificados/);
    const [stored] = await t.database.db.select().from(marks).where(eq(marks.id, ids[3]!));
    expect(body[3]![8]).toBe(stored!.hash);
    const alteredRow = sheet.getRow(numbers[header + 4]!);
    expect(alteredRow.getCell(10).font).toMatchObject({ name: 'Arial', size: 8, bold: true });
    expect((alteredRow.getCell(10).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFDE8E8');
    expect(sheet.getRow(numbers[header + 1]!).getCell(1).font).toMatchObject({ name: 'Arial', size: 8 });
    expect((sheet.getRow(numbers[header + 1]!).getCell(10).fill as ExcelJS.FillPattern | undefined)?.fgColor).toBeUndefined();
    expect(rows.some((row) => row[0] === 'Glosario')).toBe(true);
  });

  it('PDF: a real PDF with the worker, the hash and the word ALTERADA', async () => {
    const response = await get(worker, `/api/v1/reportes/marcas/exportar?formato=pdf&usuarioId=${worker.id}&desde=2025-06-25&hasta=2025-06-25`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Reporte de marcas');
    expect(text).toContain('ALTERADA');
    expect(text).toContain('ATENCIÓN: 1 marca alterada');
    const [stored] = await t.database.db.select().from(marks).where(eq(marks.id, ids[0]!));
    expect(text).toContain(stored!.hash.slice(0, 32));
    expect(text).toContain('Glosario');
    // Helvetica only, 8 pt at most.
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/(?!Helvetica)/);
  });

  it('an empty selection says so in the file; a worker cannot export someone else', async () => {
    const empty = await get(admin, '/api/v1/reportes/marcas/exportar?formato=pdf&desde=2019-01-01&hasta=2019-01-31');
    expect(empty.statusCode).toBe(200);
    expect(pdfText(empty.rawPayload)).toContain('No hay trabajadores que coincidan con la selección');
    const other = await markingWorker(t.app, t.database.db, company);
    expect((await get(other, `/api/v1/reportes/marcas/exportar?usuarioId=${worker.id}`)).statusCode).toBe(404);
  });
});
