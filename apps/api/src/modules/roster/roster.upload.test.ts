import { DEMANDA_MAX_BANDAS, type CargaDemandaResultado, type Demanda } from '@jornada/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addSite, addWorkers, companyWithAdmin, createShift, multipart, signInAs, type TestCompany } from '../../test/fixtures/planning';
import { workbook, zipBomb } from '../../test/hostile-xlsx';

let t: TestApp;
let c: TestCompany;
let site: string;
let cashiers: { id: string; codigo: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  site = await addSite(t.database.db, c.companyId, 'Tienda Centro');
  cashiers = await createShift(t.app, c.headers, { codigo: 'CAJ', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 } });
  await createShift(t.app, c.headers, { codigo: 'OLD', inicio: '08:00', fin: '16:00', activo: false });
});
afterAll(() => t.close());

const HEADER = 'Día;Fecha;Hora desde;Hora hasta;Personas;Turnos;Nota';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const url = (siteId: string, rest: string) => `/api/v1/sedes/${siteId}/demanda${rest}`;
const upload = (siteId: string, content: Buffer | string, { preview = false, filename = 'demanda.csv', headers = c.headers } = {}) => {
  const body = multipart(filename, content, filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv');
  return t.app.inject({ method: 'POST', url: url(siteId, preview ? '/carga/vista-previa' : '/carga'), headers: { ...headers, ...body.headers }, payload: body.payload });
};
const demandOf = async (siteId: string, headers = c.headers) => (await t.app.inject({ method: 'GET', url: url(siteId, ''), headers })).json<Demanda>();
const put = (siteId: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: url(siteId, ''), headers: c.headers, payload });

describe('plantilla de la demanda', () => {
  it('without demand, has an example weekday and an example date without demand, both skipped by the upload', async () => {
    const x = await t.app.inject({ method: 'GET', url: url(site, '/plantilla?formato=xlsx'), headers: c.headers });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('plantilla-demanda.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Demanda', 'Instrucciones']);
    const sheet = book.getWorksheet('Demanda')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Día', 'Fecha', 'Hora desde', 'Hora hasta', 'Personas', 'Turnos', 'Nota']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('lunes');
    expect(sheet.getRow(3).getCell(2).value).toEqual(new Date(Date.UTC(2026, 11, 25)));

    const csv = await t.app.inject({ method: 'GET', url: url(site, '/plantilla?formato=csv'), headers: c.headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[2]).toMatch(/^;25-12-2026;;;0;;"EJEMPLO:/);

    for (const [file, filename] of [[x.rawPayload, 'p.xlsx'], [csv.rawPayload, 'p.csv']] as const) {
      const preview = await upload(site, file, { preview: true, filename });
      expect(preview.statusCode).toBe(400);
      expect(preview.json().error.message).toBe('El archivo solo tiene filas de ejemplo de la plantilla. Agrega las filas de la demanda de la sede.');
    }
    const wrongFormat = await t.app.inject({ method: 'GET', url: url(site, '/plantilla?formato=pdf'), headers: c.headers });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().error.fields).toEqual({ formato: 'El formato debe ser xlsx o csv.' });
  });

  it('with demand, has it as rows to edit, and the same file loaded again changes nothing', async () => {
    const own = await addSite(t.database.db, c.companyId, 'Tienda Plantilla');
    const saved = await put(own, {
      bandas: [
        { diaSemana: 2, inicio: '14:00', fin: '22:00', personas: 1 },
        { diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 3, turnoIds: [cashiers.id] },
      ],
      excepciones: [
        { fecha: '2026-09-18', inicio: '00:00', fin: '23:59', personas: 0 },
        { fecha: '2026-05-01', inicio: '10:00', fin: '14:00', personas: 2 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: url(own, '/plantilla?formato=csv'), headers: c.headers });
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      HEADER,
      'lunes;;09:00;18:00;3;CAJ;',
      'martes;;14:00;22:00;1;;',
      ';01-05-2026;10:00;14:00;2;;',
      ';18-09-2026;;;0;;',
      '',
    ]);
    const x = await t.app.inject({ method: 'GET', url: url(own, '/plantilla?formato=xlsx'), headers: c.headers });
    for (const [file, filename] of [[csv.rawPayload, 'd.csv'], [x.rawPayload, 'd.xlsx']] as const) {
      const again = await upload(own, file, { filename });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ aplicado: true, quitar: 0, resumen: { totalFilas: 4, crear: 0, actualizar: 0, sinCambios: 4, conErrores: 0 } });
      // Nothing changed, so nothing was written: the demand is the one saved by the PUT.
      expect(again.json().demanda).toEqual(saved.json());
    }
  });
});

describe('carga de la demanda', () => {
  it('a good CSV replaces the whole demand: weekdays, dates, a date without demand and shift codes', async () => {
    await put(site, { bandas: [{ diaSemana: 7, inicio: '10:00', fin: '14:00', personas: 1 }], excepciones: [] });
    const csv = [
      HEADER,
      'Lunes;;09:00;18:00;2;caj;',
      'mar;;9:00;18:00;2;;',
      '3;;22:00;06:00;1;;turno de noche',
      'sábado;;10:00;24:00;4;;',
      'lunes;;09:00;18:00;3;;otra banda: cualquier turno',
      ';2026-05-01;10:00;14:00;1;;feriado con poca gente',
      ';18-09-2026;;;;;cerrado',
      'domingo;;10:00;14:00;1;;',
    ].join('\n');
    const preview = await upload(site, csv, { preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<CargaDemandaResultado>();
    expect(p).toMatchObject({ valido: true, aplicado: false, quitar: 0, demanda: null, errores: [], resumen: { totalFilas: 8, crear: 7, sinCambios: 1 } });
    expect(p.filas[0]).toEqual({ fila: 2, accion: 'crear', clave: 'lunes', descripcion: '09:00–18:00 · 2 personas', cambios: [] });
    expect(p.filas[6]).toEqual({ fila: 8, accion: 'crear', clave: '2026-09-18', descripcion: 'Sin demanda', cambios: [] });
    // Nothing is written by a preview.
    expect((await demandOf(site)).bandas).toEqual([{ diaSemana: 7, inicio: '10:00', fin: '14:00', personas: 1 }]);

    const loaded = await upload(site, csv);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const demand = await demandOf(site);
    expect(loaded.json().demanda).toEqual(demand);
    expect(demand.bandas).toEqual([
      { diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 2, turnoIds: [cashiers.id] },
      { diaSemana: 2, inicio: '09:00', fin: '18:00', personas: 2 },
      { diaSemana: 3, inicio: '22:00', fin: '06:00', personas: 1 },
      { diaSemana: 6, inicio: '10:00', fin: '00:00', personas: 4 },
      { diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 3 },
      { diaSemana: 7, inicio: '10:00', fin: '14:00', personas: 1 },
    ]);
    expect(demand.excepciones).toEqual([
      { fecha: '2026-05-01', inicio: '10:00', fin: '14:00', personas: 1 },
      { fecha: '2026-09-18', inicio: '00:00', fin: '23:59', personas: 0 },
    ]);

    // A smaller file replaces it all: what it leaves out is removed, and said so first.
    const smaller = [HEADER, 'lunes;;09:00;18:00;5;CAJ;'].join('\n');
    const previewSmaller = await upload(site, smaller, { preview: true });
    expect(previewSmaller.json()).toMatchObject({ quitar: 7, filas: [{ accion: 'actualizar', cambios: ['Personas'] }] });
    expect((await upload(site, smaller)).statusCode).toBe(200);
    expect(await demandOf(site)).toMatchObject({ bandas: [{ diaSemana: 1, personas: 5, turnoIds: [cashiers.id] }], excepciones: [] });
  });

  it('a good xlsx replaces the demand, with time, date and number cells as Excel writes them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Demanda');
    sheet.addRow(['Personas', 'Hora hasta', 'Hora desde', 'Fecha', 'Día']);
    sheet.addRow([2, 0.75, new Date(Date.UTC(1899, 11, 30, 9, 0)), null, 'viernes']);
    sheet.addRow([{ formula: '1+2', result: 3 }, '20:00', '12:00', null, 'SÁBADO']);
    sheet.addRow([1, '13:00', '09:00', new Date(Date.UTC(2026, 11, 24)), null]);
    book.addWorksheet('Instrucciones').addRow(['se omite']);
    const loaded = await upload(site, Buffer.from(await book.xlsx.writeBuffer()), { filename: 'demanda.xlsx' });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(await demandOf(site)).toMatchObject({
      bandas: [
        { diaSemana: 5, inicio: '09:00', fin: '18:00', personas: 2 },
        { diaSemana: 6, inicio: '12:00', fin: '20:00', personas: 3 },
      ],
      excepciones: [{ fecha: '2026-12-24', inicio: '09:00', fin: '13:00', personas: 1 }],
    });
  });

  it('a file with bad rows writes nothing and lists every error of every row, with the PUT’s messages', async () => {
    const before = await demandOf(site);
    const csv = [
      HEADER,
      'lunes;;09:00;18:00;2;;',
      'lunes;;09:00;18:00;4;;',
      'octubre;;09:00;18:00;2;;',
      ';;09:00;18:00;2;;',
      'martes;01-05-2026;09:00;18:00;2;;',
      'miércoles;;25:00;09:00;-1;;',
      'jueves;;10:00;10:00;2,5;;',
      'viernes;;;18:00;;;',
      ';31-02-2026;09:00;18:00;1;;',
      'sábado;;09:00;18:00;501;XYZ, OLD;',
      ';2026-05-01;;;3;;',
      'domingo;;=1+1;18:00;=SUM(A1:A3);;',
    ].join('\n');
    const errores = [
      { fila: 3, columna: null, mensaje: 'Esa banda está repetida para el mismo día.' },
      { fila: 4, columna: 'Día', mensaje: 'Valor no válido. Usa: lunes, martes, miércoles, jueves, viernes, sábado, domingo.' },
      { fila: 5, columna: null, mensaje: 'Indica el día de la semana o la fecha.' },
      { fila: 6, columna: null, mensaje: 'Escribe el día de la semana o la fecha, no ambos.' },
      // A cell that reads is still checked by the PUT's schema when another cell of its row does not.
      { fila: 7, columna: 'Hora desde', mensaje: 'La hora no es válida. Usa HH:MM (00:00 a 23:59).' },
      { fila: 7, columna: 'Personas', mensaje: 'Las personas no pueden ser negativas.' },
      // The PUT's schema compares the hours only once the people are right.
      { fila: 8, columna: 'Personas', mensaje: 'Las personas deben ser un número entero.' },
      { fila: 9, columna: 'Hora desde', mensaje: 'Este dato es obligatorio.' },
      { fila: 9, columna: 'Personas', mensaje: 'Este dato es obligatorio.' },
      { fila: 10, columna: 'Fecha', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 11, columna: 'Turnos', mensaje: 'No existe un turno con el código «XYZ».' },
      { fila: 11, columna: 'Turnos', mensaje: 'El turno «OLD» está inactivo.' },
      { fila: 11, columna: 'Personas', mensaje: 'Como máximo 500 personas por banda.' },
      { fila: 12, columna: 'Hora desde', mensaje: 'Este dato es obligatorio.' },
      { fila: 12, columna: 'Hora hasta', mensaje: 'Este dato es obligatorio.' },
      { fila: 13, columna: 'Hora desde', mensaje: 'La hora no es válida. Usa HH:MM (00:00 a 23:59).' },
      { fila: 13, columna: 'Personas', mensaje: 'Debe ser un número.' },
    ];
    for (const preview of [true, false]) {
      const response = await upload(site, csv, { preview });
      expect(response.statusCode, response.body).toBe(preview ? 200 : 400);
      const result = response.json<CargaDemandaResultado>();
      expect(result).toMatchObject({ valido: false, aplicado: false, demanda: null, resumen: { totalFilas: 12, conErrores: 11 } });
      expect(result.errores).toEqual(errores);
      expect(result.filas.find((f) => f.fila === 2)).toMatchObject({ accion: 'crear' });
      expect(result.filas.find((f) => f.fila === 4)).toMatchObject({ accion: 'error' });
    }
    expect(await demandOf(site)).toEqual(before);

    const tooMany = await upload(site, [HEADER, 'lunes;;09:00;18:00;501;;'].join('\n'), { preview: true });
    expect(tooMany.json().errores).toEqual([{ fila: 2, columna: 'Personas', mensaje: 'Como máximo 500 personas por banda.' }]);
  });

  it('refuses hostile files with a Spanish 400 and writes nothing', async () => {
    const own = await companyWithAdmin(t.app);
    const ownSite = await addSite(t.database.db, own.companyId, 'Sede hostil');
    const send = (content: Buffer | string, filename = 'demanda.xlsx', preview = false) => upload(ownSite, content, { filename, preview, headers: own.headers });
    const notSpreadsheet = 'El archivo no es una planilla Excel (.xlsx) ni un archivo CSV. Descarga la plantilla y complétala.';

    expect((await send(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))).json().error).toEqual({ code: 'VALIDATION', message: notSpreadsheet });
    expect((await send(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]))).json().error.message).toBe(notSpreadsheet);
    for (const cell of ['lunes&#0;', 'lunes&#xD800;', 'lunes\u0000']) {
      const response = await send(workbook(['Día', 'Hora desde', 'Hora hasta', 'Personas'], [[cell, '09:00', '18:00', '1']]));
      expect(response.statusCode, cell).toBe(400);
      expect(response.json().error.message).toBe(notSpreadsheet);
    }
    // A NUL or a lone surrogate in a CSV cell is that cell's error (the blank header keeps the NUL past the binary sniff).
    // A lone surrogate cannot be written in UTF-8: its bytes (ED A0 80) are not UTF-8, so the file reads as
    // Windows-1252 (the header is written without accents to read the same either way).
    const csv = Buffer.concat([
      Buffer.from(`Dia;Hora desde;Hora hasta;Personas;${' '.repeat(70_000)}\nlu\u0000nes;09:00;18:00;1;\nmartes;09:00;18:00;`, 'utf8'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(';\n'),
    ]);
    const cells = await send(csv, 'demanda.csv');
    expect(cells.statusCode, cells.body).toBe(400);
    expect(cells.json().errores).toEqual([
      { fila: 2, columna: 'Día', mensaje: 'Contiene un carácter no permitido (carácter nulo o Unicode incompleto).' },
      { fila: 3, columna: 'Personas', mensaje: 'Debe ser un número.' },
    ]);
    const big = await send(Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 'demanda.csv');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('El archivo supera el tamaño máximo de 10 MB.');
    const bomb = await send(zipBomb());
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.message).toMatch(/descomprimido supera 128 MB/);
    const headers = await send('Hora desde;Hora hasta;Personas\n09:00;18:00;1\n', 'demanda.csv');
    expect(headers.json().error.message).toBe('Faltan columnas obligatorias: Día o Fecha. Usa los encabezados de la plantilla.');
    const noPeople = await send('Día;Hora desde;Hora hasta\nlunes;09:00;18:00\n', 'demanda.csv');
    expect(noPeople.json().error.message).toBe('Faltan columnas obligatorias: Personas. Usa los encabezados de la plantilla.');
    const json = await t.app.inject({ method: 'POST', url: url(ownSite, '/carga'), headers: { ...own.headers, 'content-type': 'application/json' }, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('Envía el archivo como multipart/form-data en el campo «archivo».');
    const lines = [HEADER];
    for (let i = 0; i <= DEMANDA_MAX_BANDAS; i++) lines.push(`;${new Date(Date.UTC(2027, 0, 1 + Math.floor(i / 4))).toISOString().slice(0, 10)};${String(i % 4).padStart(2, '0')}:00;18:00;1;;`);
    const tooMany = await send(lines.join('\n'), 'demanda.csv');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(`Como máximo ${DEMANDA_MAX_BANDAS} bandas en total.`);

    expect(await demandOf(ownSite, own.headers)).toMatchObject({ bandas: [], excepciones: [], actualizadaEn: null });
  });

  it('is 404 for another company’s site and 403 for a supervisor or a worker, as the PUT', async () => {
    const other = await companyWithAdmin(t.app);
    const csv = [HEADER, 'lunes;;09:00;18:00;1;;'].join('\n');
    for (const response of [
      await t.app.inject({ method: 'GET', url: url(site, '/plantilla?formato=csv'), headers: other.headers }),
      await upload(site, csv, { preview: true, headers: other.headers }),
      await upload(site, csv, { headers: other.headers }),
      await upload('00000000-0000-4000-8000-000000000000', csv, { headers: other.headers }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'La sede no existe.' });
    }
    const [worker, supervisor] = [...(await addWorkers(t.database.db, c.companyId, 1)), ...(await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor' }))];
    for (const person of [worker!, supervisor!]) {
      const headers = await signInAs(t.app, person.rut);
      expect((await t.app.inject({ method: 'GET', url: url(site, '/plantilla?formato=xlsx'), headers })).statusCode).toBe(403);
      expect((await upload(site, csv, { preview: true, headers })).statusCode).toBe(403);
      expect((await upload(site, csv, { headers })).statusCode).toBe(403);
    }
  });
});
