import fs from 'node:fs';
import path from 'node:path';
import type { CambiosPage, CargaPlanificacionResultado, PlanificacionGrilla } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueRut } from '../../test/factories';
import { addGroup, addWorkers, companyWithAdmin, createShift, multipart, signInAs, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let workers: TestWorker[];
let group: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-21T15:00:00Z');
  c = await companyWithAdmin(t.app);
  group = await addGroup(t.database.db, c.companyId, 'Sala de ventas');
  workers = await addWorkers(t.database.db, c.companyId, 3, { groupId: group });
  await createShift(t.app, c.headers, { codigo: 'MAN', inicio: '07:00', fin: '15:00', colacion: { tipo: 'minutos', minutos: 30 } });
  await createShift(t.app, c.headers, { codigo: 'TAR', inicio: '15:00', fin: '23:00', colacion: { tipo: 'minutos', minutos: 30 } });
  await createShift(t.app, c.headers, { codigo: 'N12', inicio: '20:00', fin: '08:00', colacion: { tipo: 'minutos', minutos: 60 } });
});
afterAll(() => t.close());

const upload = (url: string, filename: string, content: Buffer | string, headers = c.headers, contentType?: string) => {
  const body = multipart(filename, content, contentType ?? (filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv'));
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const month = async (userId: string, mes = '2026-12') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=${mes}&usuarioIds=${userId}`, headers: c.headers });
  return response.json<PlanificacionGrilla>().filas[0]!.dias;
};

const code = (d: { tipo: string; turno: { codigo: string } | null }) => (d.tipo === 'turno' ? d.turno!.codigo : d.tipo === 'libre' ? 'L' : '-');

describe('bulk shift upload', () => {
  it('templates in xlsx (with instructions) and csv', async () => {
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/v1/cargas/turnos/plantilla?formato=xlsx', headers: c.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('plantilla-turnos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Turnos', 'Instrucciones']);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/cargas/planificador/plantilla?formato=csv', headers: c.headers });
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('RUT;Patrón;Fecha inicio;Fecha fin;Turno;Desfase;Solicitado por;Motivo;Observación;Ocurrencia');
  });

  it('the shifts template uploads as it comes without touching a real MAN shift: its example row is marked and skipped', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=MAN', headers: c.headers })).json().items;
    expect(before).toMatchObject([{ codigo: 'MAN', inicio: '07:00', fin: '15:00', version: 1 }]);
    for (const formato of ['xlsx', 'csv'] as const) {
      const template = await t.app.inject({ method: 'GET', url: `/api/v1/cargas/turnos/plantilla?formato=${formato}`, headers: c.headers });
      const result = await upload('/api/v1/cargas/turnos', `plantilla.${formato}`, template.rawPayload);
      expect(result.statusCode, `${formato}: ${result.body}`).toBe(200);
      expect(result.json()).toMatchObject({
        valido: true,
        aplicado: true,
        errores: [],
        resumen: { totalFilas: 1, crear: 0, actualizar: 0, sinCambios: 1, conErrores: 0 },
        filas: [{ fila: 2, accion: 'sin_cambios', descripcion: 'Fila de ejemplo de la plantilla: se omite.' }],
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=MAN', headers: c.headers })).json().items).toEqual(before);
    // The same row without the mark is an ordinary row.
    const real = await upload('/api/v1/cargas/turnos/vista-previa', 'turnos.csv', ['Código;Nombre;Inicio;Fin', 'MAN;Mañana;07:00;14:00'].join('\n'));
    expect(real.json()).toMatchObject({ valido: true, resumen: { actualizar: 1 } });
  });

  it('creates and updates shifts by code, all or nothing, and the same file twice changes nothing', async () => {
    const good = ['codigo;nombre;inicio;fin;colacion minutos;color', 'OFI;Oficina;09:00;18:00;60;#12B886', 'NOC;Noche;23:00;07:00;;'].join('\n');
    const preview = await upload('/api/v1/cargas/turnos/vista-previa', 'turnos.csv', good);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valido: true, aplicado: false, resumen: { crear: 2, conErrores: 0 } });
    // The night shift without colación breaks art. 34: a warning of its row, confirmed on the commit.
    expect(preview.json()).toMatchObject({ confirmacionRequerida: true, advertencias: [{ fila: 3, columna: null, mensaje: expect.stringContaining('no tiene colación') }] });
    const commit = await upload('/api/v1/cargas/turnos?confirmarAdvertencias=true', 'turnos.csv', good);
    expect(commit.json()).toMatchObject({ aplicado: true, resumen: { crear: 2 } });
    const again = await upload('/api/v1/cargas/turnos', 'turnos.csv', good);
    expect(again.json()).toMatchObject({ aplicado: true, resumen: { crear: 0, actualizar: 0, sinCambios: 2 } });

    const bad = ['Código;Nombre;Inicio;Fin;Colación inicio;Colación fin', 'OFI;Oficina;09:00;19:00;13:00;14:00', 'X Y;Mal;25:00;07:00;;', 'MAL2;Colación fuera;08:00;12:00;13:00;14:00'].join('\n');
    const refused = await upload('/api/v1/cargas/turnos', 'turnos.csv', bad);
    expect(refused.statusCode).toBe(400);
    const result = refused.json();
    expect(result).toMatchObject({ aplicado: false, valido: false });
    expect(result.errores).toEqual(
      expect.arrayContaining([
        { fila: 3, columna: 'Inicio', mensaje: 'La hora no es válida. Usa HH:MM (00:00 a 23:59).' },
        { fila: 4, columna: 'Colación inicio', mensaje: 'La colación debe quedar dentro del horario del turno.' },
      ]),
    );
    // Every error of a row in one preview: row 3's bad code is reported beside its bad start time.
    expect(result.errores.filter((e: { fila: number }) => e.fila === 3).map((e: { columna: string }) => e.columna).sort()).toEqual(['Código', 'Inicio']);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=OFI', headers: c.headers });
    expect(list.json().items[0]).toMatchObject({ codigo: 'OFI', fin: '18:00', version: 1 });

    // 9 ordinary hours five days a week are 45, over the 42 in force: confirmed.
    const update = await upload('/api/v1/cargas/turnos?confirmarAdvertencias=true', 'turnos.csv', ['Código;Nombre;Inicio;Fin;Colación inicio;Colación fin', 'OFI;Oficina;09:00;19:00;13:00;14:00'].join('\n'));
    expect(update.json()).toMatchObject({ aplicado: true, resumen: { actualizar: 1 }, filas: [{ cambios: ['Fin', 'Colación'] }] });
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=OFI', headers: c.headers });
    expect(after.json().items[0]).toMatchObject({ fin: '19:00', version: 2, colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, color: '#12b886' });
  });

  it('warns of the rows whose shift breaks the law, and loads them only confirmed or with a resolución de jornada excepcional', async () => {
    // 07:00–20:00 without colación six days a week: 78 ordinary hours.
    const file = ['Código;Nombre;Inicio;Fin;Colación minutos;Días por semana', 'LEGAL;Oficina;09:00;18:00;60;5', 'LARGO;Largo;07:00;20:00;0;6'].join('\n');
    const preview = await upload('/api/v1/cargas/turnos/vista-previa', 'turnos.csv', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ valido: true, errores: [], confirmacionRequerida: true, resumen: { crear: 2 } });
    expect(body.advertencias.map((a: { fila: number; mensaje: string }) => [a.fila, a.mensaje])).toEqual([
      [3, 'El turno 07:00–20:00 tiene 13 h 00 min ordinarias al día: supera el máximo legal de 10 horas diarias (art. 22 y 28 del Código del Trabajo).'],
      [3, 'El turno 07:00–20:00 no tiene colación: la jornada debe dividirse en dos partes con al menos 30 minutos de colación (art. 34 del Código del Trabajo).'],
      [3, 'A 6 días por semana el turno 07:00–20:00 suma 78 h 00 min ordinarias: supera el máximo legal de 42 horas semanales vigente el 21-11-2026 (art. 22 del Código del Trabajo, Ley 21.561).'],
    ]);

    const refused = await upload('/api/v1/cargas/turnos', 'turnos.csv', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ aplicado: false, valido: false, resumen: { conErrores: 1 } });
    expect(refused.json().errores[0].mensaje).toContain('Para cargarlo igual, confirma las advertencias (confirmarAdvertencias=true).');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=LEGAL', headers: c.headers })).json().total).toBe(0);

    const confirmed = await upload('/api/v1/cargas/turnos?confirmarAdvertencias=true', 'turnos.csv', file);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ aplicado: true, resumen: { crear: 2 } });
    // The same file again changes nothing, so it warns of nothing.
    expect((await upload('/api/v1/cargas/turnos', 'turnos.csv', file)).json()).toMatchObject({ aplicado: true, advertencias: [], confirmacionRequerida: false });

    const exceptional = await companyWithAdmin(t.app);
    const schedule = await t.app.inject({ method: 'POST', url: '/api/v1/jornadas-excepcionales', headers: exceptional.headers, payload: { numero: 'Res. Ex. N° 4321', diasTrabajo: 7, diasDescanso: 7 } });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const loaded = await upload('/api/v1/cargas/turnos', 'turnos.csv', file, exceptional.headers);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ aplicado: true, confirmacionRequerida: false });
    expect(loaded.json().advertencias).toHaveLength(3);
  });

  it('a supervisor cannot upload shifts', async () => {
    const [sup] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor' });
    const headers = await signInAs(t.app, sup!.rut);
    expect((await upload('/api/v1/cargas/turnos', 'turnos.csv', 'Código;Nombre;Inicio;Fin\nA;B;08:00;09:00', headers)).statusCode).toBe(403);
  });
});

describe('bulk planning upload', () => {
  it('plans days from RUT, fecha and turno in any column order and format; a bad row writes nothing; the same file twice changes nothing', async () => {
    const [a, b] = workers;
    const rows = [
      'Turno;RUT;Fecha',
      `MAN;${formatRut(a!.rut)};01-12-2026`,
      `man;${a!.rut.replace('-', '')};2026-12-02`,
      `libre;${a!.rut};03/12/2026`,
      `TAR;${formatRut(b!.rut)!.toLowerCase()};2026-12-01`,
    ];
    const bad = [...rows, `XYZ;${b!.rut};2026-12-02`, `MAN;12.345.678-9;2026-12-02`, `MAN;${b!.rut};31-02-2026`, `MAN;${a!.rut};2026-12-01`].join('\n');
    const refused = await upload('/api/v1/cargas/planificacion', 'plan.csv', bad);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<CargaPlanificacionResultado>().errores;
    expect(errors).toEqual([
      { fila: 6, columna: 'Turno', mensaje: 'No existe un turno con el código «XYZ».' },
      { fila: 7, columna: 'RUT', mensaje: 'El RUT no es válido.' },
      { fila: 8, columna: 'Fecha', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 9, columna: 'Fecha', mensaje: 'Fila repetida: la fila 2 ya planifica este RUT y fecha.' },
    ]);
    expect((await month(a!.id)).slice(0, 3).map(code).join('')).toBe('---');

    const good = rows.join('\n');
    const preview = await upload('/api/v1/cargas/planificacion/vista-previa', 'plan.csv', good);
    expect(preview.json<CargaPlanificacionResultado>()).toMatchObject({ valido: true, aplicado: false, dias: { crear: 4, reemplazar: 0, trabajadores: 2 } });
    const commit = await upload('/api/v1/cargas/planificacion', 'plan.csv', good);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: true, resumen: { crear: 4 }, dias: { crear: 4 } });
    expect((await month(a!.id)).slice(0, 4).map(code)).toEqual(['MAN', 'MAN', 'L', '-']);
    expect((await month(b!.id))[0]!.turno!.codigo).toBe('TAR');

    const again = await upload('/api/v1/cargas/planificacion', 'plan.csv', good);
    expect(again.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: true, resumen: { crear: 0, actualizar: 0, sinCambios: 4 }, dias: { sinCambios: 4 } });
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${a!.id}`, headers: c.headers });
    expect(log.json<CambiosPage>().total).toBe(0);

    // A changed day is replaced and logged; a past day needs a Motivo.
    const change = await upload('/api/v1/cargas/planificacion', 'cambio.csv', `RUT;Fecha;Turno;Solicitado por\n${a!.rut};2026-12-02;TAR;trabajador`);
    expect(change.json()).toMatchObject({ aplicado: true, resumen: { actualizar: 1 }, filas: [{ cambios: ['MAN 07:00–15:00 → TAR 15:00–23:00'] }] });
    const changed = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${a!.id}`, headers: c.headers });
    expect(changed.json<CambiosPage>().items[0]).toMatchObject({ origen: 'carga_planificacion', solicitadoPor: 'trabajador', observacion: 'Carga masiva de planificación «cambio.csv»' });
    const past = await upload('/api/v1/cargas/planificacion', 'pasado.csv', `RUT;Fecha;Turno\n${a!.rut};2026-11-20;MAN`);
    expect(past.json().errores).toEqual([{ fila: 2, columna: 'Motivo', mensaje: 'Indica el motivo: la fecha ya pasó.' }]);
  });

  it('refuses files that are not spreadsheets, empty, with a wrong header, or too large, writing nothing', async () => {
    const pdf = await upload('/api/v1/cargas/planificacion', 'a.pdf', Buffer.from('%PDF-1.4 hola'), c.headers, 'application/pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toMatch(/no es una planilla/);
    const empty = await upload('/api/v1/cargas/planificacion', 'vacio.csv', '');
    expect(empty.json().error.message).toMatch(/vacío/);
    const header = await upload('/api/v1/cargas/planificacion', 'mal.csv', 'Nombre;Día\nx;y');
    expect(header.json().error.message).toMatch(/Faltan columnas obligatorias: RUT, Turno/);
    const big = await upload('/api/v1/cargas/planificacion', 'grande.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toMatch(/tamaño máximo/);
  });

  it('reads an xlsx written by LibreOffice (real Excel dates)', async () => {
    const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'planificacion-libreoffice.xlsx'));
    // The fixture plans RUT 15.509.661-6; give that RUT to a worker of this company.
    const { users } = await import('../../db/schema/index');
    const { and, eq } = await import('drizzle-orm');
    const [worker] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    await t.database.db.update(users).set({ rut: '15509661-6' }).where(and(eq(users.companyId, c.companyId), eq(users.id, worker!.id)));
    const response = await upload('/api/v1/cargas/planificacion', 'planificacion-libreoffice.xlsx', fixture);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ aplicado: true, resumen: { crear: 4 } });
    expect((await month(worker!.id)).slice(6, 10).map(code)).toEqual(['MAN', 'TAR', 'L', 'N12']);
  });

  it('a supervisor uploads only for the workers of the groups they lead', async () => {
    const [sup] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor' });
    const led = await addGroup(t.database.db, c.companyId, 'Caja', [sup!.id]);
    const [member] = await addWorkers(t.database.db, c.companyId, 1, { groupId: led });
    const headers = await signInAs(t.app, sup!.rut);
    const response = await upload('/api/v1/cargas/planificacion', 'plan.csv', `RUT;Fecha;Turno\n${member!.rut};2026-12-05;MAN\n${workers[2]!.rut};2026-12-05;MAN`, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().errores).toEqual([{ fila: 3, columna: 'RUT', mensaje: 'El trabajador no pertenece a tus grupos.' }]);
  });
  it('lists every error of every row in one preview (cells that do not parse beside the checks of those that do) and writes nothing', async () => {
    const [a, b] = workers;
    const [ended] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group, finContrato: '2026-11-30' });
    const file = [
      'RUT;Fecha;Turno;Solicitado por;Motivo;Ocurrencia',
      `${a!.rut};2026-12-10;MAN;;;`,
      // The same RUT and date again, an unknown shift and a bad Solicitado por.
      `${formatRut(a!.rut)};10-12-2026;XYZ;jefe;;`,
      // A bad date and an unknown shift.
      `${a!.rut};31-02-2026;ABC;;;`,
      // A bad RUT and an unknown shift.
      `12.345.678-9;2026-12-11;QQQ;;;`,
      // A past day without Motivo and a bad Ocurrencia.
      `${b!.rut};2026-11-20;MAN;;;tercera`,
      // A RUT of no worker and a bad date.
      `${formatRut(uniqueRut())};2026-13-01;MAN;;;`,
      // A date after the contract ended and an unknown shift.
      `${ended!.rut};2026-12-10;ZZZ;;;`,
    ].join('\n');
    const errores = [
      { fila: 3, columna: 'Solicitado por', mensaje: 'Valor no válido. Usa: trabajador, empleador.' },
      { fila: 3, columna: 'Fecha', mensaje: 'Fila repetida: la fila 2 ya planifica este RUT y fecha.' },
      { fila: 3, columna: 'Turno', mensaje: 'No existe un turno con el código «XYZ».' },
      { fila: 4, columna: 'Fecha', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 4, columna: 'Turno', mensaje: 'No existe un turno con el código «ABC».' },
      { fila: 5, columna: 'RUT', mensaje: 'El RUT no es válido.' },
      { fila: 5, columna: 'Turno', mensaje: 'No existe un turno con el código «QQQ».' },
      { fila: 6, columna: 'Ocurrencia', mensaje: 'Valor no válido. Usa: primera, segunda.' },
      { fila: 6, columna: 'Motivo', mensaje: 'Indica el motivo: la fecha ya pasó.' },
      { fila: 7, columna: 'Fecha', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 7, columna: 'RUT', mensaje: 'No hay un trabajador con ese RUT en la empresa.' },
      { fila: 8, columna: 'Turno', mensaje: 'No existe un turno con el código «ZZZ».' },
      { fila: 8, columna: 'Fecha', mensaje: 'La fecha está fuera del contrato del trabajador.' },
    ];
    const preview = await upload('/api/v1/cargas/planificacion/vista-previa', 'plan.csv', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<CargaPlanificacionResultado>()).toMatchObject({ valido: false, aplicado: false, resumen: { totalFilas: 7, crear: 1, conErrores: 6 }, errores });
    expect(preview.json<CargaPlanificacionResultado>().filas.map((f) => [f.fila, f.accion, f.clave])).toEqual([
      [2, 'crear', `${formatRut(a!.rut)} 2026-12-10`],
      [3, 'error', `${formatRut(a!.rut)} 2026-12-10`],
      [4, 'error', formatRut(a!.rut)],
      [5, 'error', '2026-12-11'],
      [6, 'error', `${formatRut(b!.rut)} 2026-11-20`],
      [7, 'error', expect.any(String)],
      [8, 'error', `${formatRut(ended!.rut)} 2026-12-10`],
    ]);
    const commit = await upload('/api/v1/cargas/planificacion', 'plan.csv', file);
    expect(commit.statusCode).toBe(400);
    expect(commit.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: false, errores });
    expect((await month(a!.id))[9]!.tipo).toBe('sin_planificar');
    expect((await month(b!.id, '2026-11'))[19]!.tipo).toBe('sin_planificar');
  });

  it('a cell with a NUL character is that cell\'s row error beside the row\'s other errors, never a database failure', async () => {
    const [a] = workers;
    // A CSV is taken for a binary file when its first 64 KB have a NUL: the blank header cell carries it past them.
    const file = [`RUT;Fecha;Turno;Motivo;Observación;${' '.repeat(70_000)}`, `${a!.rut};2026-12-12;MAN;;Cambio\u0000`, `${a!.rut};2026-12-13;X\u0000Y;Mo\u0000tivo;`].join('\n');
    const notAllowed = 'Contiene un carácter no permitido (carácter nulo o Unicode incompleto).';
    for (const url of ['/api/v1/cargas/planificacion/vista-previa', '/api/v1/cargas/planificacion']) {
      const response = await upload(url, 'plan.csv', file);
      expect(response.statusCode, response.body).toBe(url.endsWith('vista-previa') ? 200 : 400);
      expect(response.json<CargaPlanificacionResultado>().errores).toEqual([
        { fila: 2, columna: 'Observación', mensaje: notAllowed },
        { fila: 3, columna: 'Turno', mensaje: notAllowed },
        { fila: 3, columna: 'Motivo', mensaje: notAllowed },
      ]);
    }
    expect((await month(a!.id))[11]!.tipo).toBe('sin_planificar');
  });
});

describe('bulk planner (patterns)', () => {
  it('assigns rotations, fixed weeks and sequences; conflicts follow ?conflictos; the same file twice changes nothing', async () => {
    const [x, y] = await addWorkers(t.database.db, c.companyId, 2, { groupId: group });
    const file = [
      'RUT;Patrón;Fecha inicio;Fecha fin;Turno',
      `${x!.rut};4x4;28-12-2026;05-01-2027;N12`,
      `${y!.rut};5x2;2026-12-01;2026-12-13;MAN`,
      `${y!.rut};MAN,TAR,libre;2026-12-14;2026-12-19;`,
    ].join('\n');
    const preview = await upload('/api/v1/cargas/planificador/vista-previa', 'planificador.csv', file);
    expect(preview.json<CargaPlanificacionResultado>()).toMatchObject({ valido: true, dias: { crear: 9 + 13 + 6, trabajadores: 2 } });
    const commit = await upload('/api/v1/cargas/planificador', 'planificador.csv', file);
    expect(commit.statusCode, commit.body).toBe(200);
    const december = (await month(x!.id)).slice(27).map(code);
    expect(december).toEqual(['N12', 'N12', 'N12', 'N12']);
    expect((await month(x!.id, '2027-01')).slice(0, 5).map(code)).toEqual(['L', 'L', 'L', 'L', 'N12']);
    // 2026-12-01 is a Tuesday: 5x2 means Monday to Friday.
    expect((await month(y!.id)).slice(0, 19).map(code).join(',')).toBe('MAN,MAN,MAN,MAN,L,L,MAN,MAN,MAN,MAN,MAN,L,L,MAN,TAR,L,MAN,TAR,L');

    const again = await upload('/api/v1/cargas/planificador', 'planificador.csv', file);
    expect(again.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: true, resumen: { sinCambios: 3 }, dias: { crear: 0, reemplazar: 0, sinCambios: 28 } });

    const other = `RUT;Patrón;Fecha inicio;Fecha fin;Turno\n${y!.rut};7x7;2026-12-01;2026-12-03;TAR`;
    const keep = await upload('/api/v1/cargas/planificador?conflictos=conservar', 'otro.csv', other);
    expect(keep.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: true, dias: { conservar: 3, reemplazar: 0 } });
    const replace = await upload('/api/v1/cargas/planificador?conflictos=reemplazar', 'otro.csv', other);
    expect(replace.json<CargaPlanificacionResultado>()).toMatchObject({ aplicado: true, dias: { reemplazar: 3 } });
    expect((await month(y!.id)).slice(0, 3).map(code)).toEqual(['TAR', 'TAR', 'TAR']);
  });

  it('row errors: bad pattern, missing shift, overlapping ranges, end before start', async () => {
    const [z] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    const file = [
      'RUT;Patrón;Fecha inicio;Fecha fin;Turno',
      `${z!.rut};cada tanto;2026-12-01;2026-12-10;MAN`,
      `${z!.rut};4x4;2026-12-11;2026-12-20;`,
      `${z!.rut};7x7;2027-01-01;2027-01-31;MAN`,
      `${z!.rut};7x7;2027-01-15;2027-02-15;MAN`,
      `${z!.rut};5x2;2027-03-10;2027-03-01;MAN`,
    ].join('\n');
    const response = await upload('/api/v1/cargas/planificador', 'mal.csv', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errores.map((e: { fila: number; columna: string }) => `${e.fila}:${e.columna}`)).toEqual(['2:Patrón', '3:Turno', '5:Fecha inicio', '6:Fecha fin']);
    expect((await month(z!.id)).every((d) => d.tipo === 'sin_planificar')).toBe(true);
  });
  it('lists every error of every row in one preview, also the start and motivo checks of a row that has other errors, and writes nothing', async () => {
    const [z] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    const file = [
      'RUT;Patrón;Fecha inicio;Fecha fin;Turno;Solicitado por;Motivo',
      // A bad start date and a bad pattern.
      `${z!.rut};cada tanto;2026-13-01;2027-01-10;MAN;;`,
      // A RUT of no worker, an end before the start and a rotation without its shift.
      `${formatRut(uniqueRut())};4x4;2027-03-10;2027-03-01;;;`,
      // Past days without Motivo and a bad Solicitado por.
      `${z!.rut};5x2;2026-11-02;2026-11-06;MAN;jefe;`,
      // Overlaps row 4, and past days without Motivo.
      `${z!.rut};7x7;2026-11-04;2026-11-10;TAR;;`,
    ].join('\n');
    const errores = [
      { fila: 2, columna: 'Fecha inicio', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 2, columna: 'Patrón', mensaje: 'No existe un turno con el código «CADA».' },
      { fila: 3, columna: 'RUT', mensaje: 'No hay un trabajador con ese RUT en la empresa.' },
      { fila: 3, columna: 'Fecha fin', mensaje: 'La fecha fin no puede ser anterior a la fecha inicio.' },
      { fila: 3, columna: 'Turno', mensaje: 'Indica el código del turno para este patrón.' },
      { fila: 4, columna: 'Solicitado por', mensaje: 'Valor no válido. Usa: trabajador, empleador.' },
      { fila: 4, columna: 'Motivo', mensaje: 'Indica el motivo: el rango cambia fechas que ya pasaron.' },
      { fila: 5, columna: 'Fecha inicio', mensaje: 'Las fechas se superponen con la fila 4 del mismo RUT.' },
      { fila: 5, columna: 'Motivo', mensaje: 'Indica el motivo: el rango cambia fechas que ya pasaron.' },
    ];
    for (const url of ['/api/v1/cargas/planificador/vista-previa', '/api/v1/cargas/planificador']) {
      const response = await upload(url, 'planificador.csv', file);
      expect(response.statusCode, response.body).toBe(url.endsWith('vista-previa') ? 200 : 400);
      expect(response.json<CargaPlanificacionResultado>()).toMatchObject({ valido: false, aplicado: false, resumen: { totalFilas: 4, conErrores: 4 }, errores, dias: { crear: 0 } });
    }
    expect((await month(z!.id, '2026-11')).every((d) => d.tipo === 'sin_planificar')).toBe(true);
  });
});

describe('templates as downloaded', () => {
  it('the planning and planner templates upload as they come: the example row is marked and skipped, nothing is written', async () => {
    for (const kind of ['planificacion', 'planificador'] as const) {
      for (const formato of ['xlsx', 'csv'] as const) {
        const template = await t.app.inject({ method: 'GET', url: `/api/v1/cargas/${kind}/plantilla?formato=${formato}`, headers: c.headers });
        expect(template.statusCode).toBe(200);
        const result = await upload(`/api/v1/cargas/${kind}`, `plantilla.${formato}`, template.rawPayload);
        expect(result.statusCode, `${kind} ${formato}: ${result.body}`).toBe(200);
        expect(result.json<CargaPlanificacionResultado>()).toMatchObject({
          valido: true,
          aplicado: true,
          errores: [],
          resumen: { totalFilas: 1, crear: 0, actualizar: 0, sinCambios: 1, conErrores: 0 },
          filas: [{ fila: 2, accion: 'sin_cambios', descripcion: 'Fila de ejemplo de la plantilla: se omite.' }],
          dias: { crear: 0, reemplazar: 0 },
        });
      }
    }
    // The example row says so where people read it.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await t.app.inject({ method: 'GET', url: '/api/v1/cargas/planificador/plantilla?formato=xlsx', headers: c.headers })).rawPayload as unknown as ArrayBuffer);
    const example = workbook.getWorksheet('Planificador')!.getRow(2).values as unknown[];
    expect(example).toContain('EJEMPLO: esta fila se omite al cargar; reemplázala por tus filas.');

    // The same row with a real worker and without the mark is an ordinary row.
    const real = ['RUT;Patrón;Fecha inicio;Fecha fin;Turno;Observación', `${formatRut(workers[2]!.rut)};4x4;01-02-2027;08-02-2027;N12;Ejemplo de rotación`].join('\n');
    const planned = await upload('/api/v1/cargas/planificador/vista-previa', 'planificador.csv', real);
    expect(planned.json<CargaPlanificacionResultado>()).toMatchObject({ valido: true, dias: { crear: 8 } });
  });
});

describe('shift starts across the clock changes in uploads (America/Santiago)', () => {
  it('a row whose shift starts in the September gap is refused on Turno; one in the repeated April hour needs Ocurrencia', async () => {
    await createShift(t.app, c.headers, { codigo: 'MED', inicio: '00:30', fin: '08:30' });
    await createShift(t.app, c.headers, { codigo: 'TRD', inicio: '23:30', fin: '07:30' });
    const rut = formatRut(workers[1]!.rut);
    const file = (rows: string[]) => ['RUT;Fecha;Turno;Ocurrencia', ...rows].join('\n');
    const refused = await upload('/api/v1/cargas/planificacion', 'dst.csv', file([`${rut};05-09-2027;MED;`, `${rut};03-04-2027;TRD;`, `${rut};02-04-2027;TRD;segunda`, `${rut};06-09-2027;MED;`]));
    expect(refused.statusCode).toBe(400);
    const result = refused.json<CargaPlanificacionResultado>();
    expect(result.errores).toEqual([
      {
        fila: 2,
        columna: 'Turno',
        mensaje:
          'El turno MED empieza a las 00:30 del 05-09-2027, hora que no existe en America/Santiago: ese día el reloj salta de las 00:00 a las 01:00 por el cambio de horario. Elige otro turno para ese día.',
      },
      {
        fila: 3,
        columna: 'Ocurrencia',
        mensaje:
          'El turno TRD empieza a las 23:30 del 03-04-2027, hora que ocurre dos veces en America/Santiago por el cambio de horario (primero en UTC-3 y luego en UTC-4): indica la ocurrencia «primera» (la planificación ubica el turno la primera vez, en UTC-3).',
      },
    ]);
    // 02-04-2027 is an ordinary day (the occurrence is ignored); nothing was written.
    expect((await month(workers[1]!.id, '2027-09')).find((d) => d.fecha === '2027-09-06')!.tipo).toBe('sin_planificar');

    const fixed = await upload('/api/v1/cargas/planificacion', 'dst.csv', file([`${rut};03-04-2027;TRD;primera`, `${rut};06-09-2027;MED;`]));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<CargaPlanificacionResultado>().dias).toMatchObject({ crear: 2 });
    expect((await month(workers[1]!.id, '2027-04')).find((d) => d.fecha === '2027-04-03')).toMatchObject({ tipo: 'turno', segundosPlanificados: 9 * 3600 });

    // The planner: a range through the repeated hour needs Ocurrencia on its row.
    const planner = (ocurrencia: string) =>
      ['RUT;Patrón;Fecha inicio;Fecha fin;Turno;Ocurrencia', `${formatRut(workers[2]!.rut)};7x0;01-04-2027;05-04-2027;TRD;${ocurrencia}`].join('\n');
    const missing = await upload('/api/v1/cargas/planificador/vista-previa', 'dst.csv', planner(''));
    expect(missing.json<CargaPlanificacionResultado>().errores).toEqual([{ fila: 2, columna: 'Ocurrencia', mensaje: expect.stringContaining('El turno TRD empieza a las 23:30 del 03-04-2027') }]);
    const chosen = await upload('/api/v1/cargas/planificador', 'dst.csv', planner('primera'));
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<CargaPlanificacionResultado>().dias).toMatchObject({ crear: 5 });
  });
});

describe('a closed payroll month', () => {
  it('refuses a planning or planner upload touching it, writing none of its days; an upload for open months applies', async () => {
    const [w] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    const closed = await t.app.inject({ method: 'POST', url: '/api/v1/remuneraciones/202610/cierre', headers: c.headers });
    expect(closed.statusCode, closed.body).toBe(200);
    const message = 'El mes de octubre de 2026 está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.';

    const plan = await upload('/api/v1/cargas/planificacion', 'plan.csv', `RUT;Fecha;Turno;Motivo\n${w!.rut};2026-10-30;MAN;Regularización\n${w!.rut};2026-11-23;MAN;Regularización`);
    expect(plan.statusCode).toBe(409);
    expect(plan.json().error.message).toBe(message);
    const planner = await upload('/api/v1/cargas/planificador', 'planificador.csv', `RUT;Patrón;Fecha inicio;Fecha fin;Turno;Motivo\n${w!.rut};5x2;2026-10-26;2026-11-27;MAN;Regularización`);
    expect(planner.statusCode).toBe(409);
    expect(planner.json().error.message).toBe(message);
    expect((await month(w!.id, '2026-10')).every((d) => d.tipo === 'sin_planificar')).toBe(true);
    expect((await month(w!.id, '2026-11')).every((d) => d.tipo === 'sin_planificar')).toBe(true);

    const open = await upload('/api/v1/cargas/planificacion', 'plan.csv', `RUT;Fecha;Turno;Motivo\n${w!.rut};2026-11-23;MAN;Regularización`);
    expect(open.statusCode, open.body).toBe(200);
    expect((await month(w!.id, '2026-11'))[22]!.turno!.codigo).toBe('MAN');
    const reopened = await t.app.inject({ method: 'POST', url: '/api/v1/remuneraciones/202610/reapertura', headers: c.headers, payload: { motivo: 'Carga pendiente' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });
});
