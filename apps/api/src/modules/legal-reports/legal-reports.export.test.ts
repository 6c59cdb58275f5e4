import type { BloqueReporteLegal, FilaReporteLegal, ReporteLegal } from '@jornada/contracts';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fitWidths, legalReportXlsx, SHEET_NAMES, xlsxValue } from './legal-reports.export';
import { sheetRowsOf, shownRows, shownText } from './legal-reports.xlsx-text';

describe('the legal PDF’s column widths', () => {
  it('scale with what each column wants when the row fits the page', () => {
    expect(fitWidths([100, 50, 50], [20, 20, 20], 400)).toEqual([200, 100, 100]);
  });
  it('never squeeze a column below its longest word: «Colación» and «01:00:00» stay whole', () => {
    // A long observations column next to a short time column on a page that cannot hold both in full.
    const widths = fitWidths([600, 40], [60, 38], 400);
    expect(widths[1]).toBeGreaterThanOrEqual(38);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(400);
    // Proportional scaling gave the time column 24.6, and split it.
    expect((40 / 640) * 400).toBeLessThan(38);
  });
  it('fall back to proportions when not even the words fit', () => {
    expect(fitWidths([300, 300], [300, 300], 400)).toEqual([200, 200]);
  });
});

const GLOSARIO = [
  { sigla: 'A.J.', significado: 'Ausencia justificada' },
  { sigla: 'H.E.', significado: 'Horas extra' },
];

/** A report as the service hands it to the renderer: heading, blocks of text cells, glossary. */
function legalReport(reporte: ReporteLegal['reporte'], columnas: string[], bloques: ReporteLegal['bloques']): ReporteLegal {
  return {
    reporte,
    titulo: `Reporte ${reporte}`,
    empresa: { razonSocial: 'Comercial Los Andes SpA', rut: '76.543.210-3' },
    desde: '2026-03-02',
    hasta: '2026-03-08',
    filtros: [
      { etiqueta: 'Periodo', valor: 'Rango de fechas: 02/03/2026 al 08/03/2026' },
      { etiqueta: 'Trabajador', valor: 'Todos' },
    ],
    columnas,
    bloques,
    vacio: bloques.length ? null : 'No hay trabajadores que coincidan con la selección',
    glosario: GLOSARIO,
    generadoEn: '20/03/2026 09:00:00',
    total: bloques.length,
    page: 1,
    pageSize: Math.max(1, bloques.length),
  };
}
const worker = (titulo: string, rut: string, filas: [FilaReporteLegal['tipo'], ...string[]][], vacio: string | null = null): BloqueReporteLegal => ({
  titulo,
  detalles: [`RUT ${rut}`, 'Cargo: Vendedora', 'Sede: Casa Matriz'],
  filas: filas.map(([tipo, ...celdas]) => ({ tipo, celdas })),
  vacio,
});

const ASISTENCIA = legalReport(
  'asistencia',
  ['Fecha', 'Asistencia', 'Ausencia', 'Observaciones'],
  [
    worker('Arancibia, Ana', '12.345.678-5', [
      ['dato', '02/03/26 lun', 'Sí', '', ''],
      ['dato', '03/03/26 mar', 'No', 'Injustificada', ''],
      ['dato', '04/03/26 mié', 'No', 'Justificada', 'A.J.; VAC. (con goce)'],
      ['dato', '07/03/26 sáb', 'No', '', '=HYPERLINK("http://x")'],
    ]),
    worker('Bravo, Bruno', '9.876.543-3', [['dato', '31/12/25 mié', 'Sí', '', '']]),
  ],
);
const JORNADA = legalReport(
  'jornada',
  ['Fecha', 'Jornada ordinaria pactada', 'Marcaciones jornada', 'Colación', 'Marcaciones colación', 'Tiempo faltante', 'Tiempo extra', 'Otras marcaciones', 'Observaciones'],
  [
    worker('Arancibia, Ana', '12.345.678-5', [
      ['dato', '02/03/26 lun', 'J.O. 08:00–17:00', 'Entrada 08:00:00 · Salida 17:00:00', '01:00:00', '', '', '', '', ''],
      ['dato', '04/03/26 mié', 'J.O. 08:00–17:00', 'Entrada 08:00:00 · Salida 19:00:00', '01:00:00', '', '', 'H.E. 02:00:00', '', ''],
      ['dato', '05/03/26 jue', 'J.O. 08:00–17:00', 'Entrada 08:20:00 · Salida 17:00:00', '01:00:00', '', '00:20:00', '', '', 'A.I. 00:20:00'],
      ['total', 'Total semana 02/03/26 al 08/03/26', 'J.O. 40:00:00', '', '', '', '', '', '', 'Total semanal -06:20:00; trabajado 33:40:00'],
    ]),
  ],
);
const DOMINGOS = legalReport(
  'domingos',
  ['Fecha', 'Asistencia', 'Ausencia', 'Observaciones'],
  [
    worker('Arancibia, Ana', '12.345.678-5', [], 'La jornada de este trabajador no incluye domingos o festivos'),
    worker('Bravo, Bruno', '9.876.543-3', [
      ['dato', '08/03/26 dom', 'Sí', '', 'Domingo'],
      ['total', 'Total 03/2026', 'Asistencias: 1', 'Ausencias: 0', 'Domingos: 1 · Festivos: 0 · Domingos de descanso: 0'],
      ['total', 'Total del periodo', 'Asistencias: 1', 'Ausencias: 0', 'Domingos: 1 · Festivos: 0 · Domingos de descanso: 0'],
    ]),
  ],
);
const MODIFICACIONES = legalReport(
  'modificaciones',
  [
    'Fecha asignación turno',
    'Turno asignado',
    'Extensión del turno',
    'Fecha asignación nuevo turno',
    'Inicio de turno',
    'Nuevo turno asignado',
    'Extensión del nuevo turno',
    'Solicitado por',
    'Observaciones',
  ],
  [
    worker('Arancibia, Ana', '12.345.678-5', [
      ['dato', '20/03/2026 09:00:00', 'D 08:00–17:00', '09:00:00', '20/03/2026 09:01:00', '27/03/2026', 'Descanso', '', 'Trabajador', 'C.T. del 27/03/2026; Trámite personal'],
      ['dato', '—', 'Sin planificar', '', '01/03/2026 23:59:59', '02/03/2026 08:00:00', 'N 22:00–07:00', '09:00:00', 'Empleador', 'C.T. del 02/03/2026'],
    ]),
  ],
);
const INCIDENTES = legalReport(
  'incidentes',
  ['Inicio', 'Fin', 'Duración', 'Descripción'],
  [
    {
      titulo: 'Registro de incidentes técnicos',
      detalles: [],
      filas: [
        { tipo: 'dato', celdas: ['03/03/2026 09:00:00', '03/03/2026 10:30:15', '01:30:15', 'Corte de energía en Casa Matriz'] },
        { tipo: 'dato', celdas: ['06/03/2026 22:00:00', '08/03/2026 00:00:00', '26:00:00', 'Caída del proveedor de internet'] },
      ],
      vacio: null,
    },
  ],
);

async function sheetOf(r: ReporteLegal): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await legalReportXlsx(r)) as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0]!;
}

describe('the legal reports in Excel', () => {
  const REPORTS = [ASISTENCIA, JORNADA, DOMINGOS, MODIFICACIONES, INCIDENTES];

  it.each(REPORTS.map((r) => [r.reporte, r] as const))('%s: every cell shows the screen’s text, drawn with its number format', async (_, r) => {
    const sheet = await sheetOf(r);
    const expected = sheetRowsOf(r);
    expect(shownRows(sheet)).toEqual(expected.rows);
  });

  it.each(REPORTS.map((r) => [r.reporte, r] as const))('%s: the header row frozen under the heading, the filter over the header and every row', async (_, r) => {
    const sheet = await sheetOf(r);
    const { header, last } = sheetRowsOf(r);
    const width = r.columnas.length + (r.reporte === 'incidentes' ? 0 : 1);
    expect(sheet.views).toHaveLength(1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header, topLeftCell: `A${header + 1}` });
    expect(sheet.getRow(header).getCell(1).value).toBe(r.columnas[0]);
    expect(sheet.autoFilter).toBe(`A${header}:${String.fromCharCode(64 + width)}${last}`);
    // The glossary is below the filtered range, after a blank row.
    expect(sheet.getRow(last + 2).getCell(1).value).toBe('Glosario de abreviaturas');
    const fonts = new Set<string>();
    sheet.eachRow((row) => row.eachCell((cell) => fonts.add(`${cell.font?.name} ${cell.font?.size}`)));
    expect([...fonts]).toEqual(['Arial 8']);
  });

  it('dates are dates: the calendar day as written, never shifted by a zone, with the screen’s weekday', async () => {
    const sheet = await sheetOf(ASISTENCIA);
    const cells = new Map<string, ExcelJS.Cell>();
    sheet.eachRow((row) => row.eachCell((cell) => cells.set(shownText(cell), cell)));
    const monday = cells.get('02/03/26 lun')!;
    expect(monday.type).toBe(ExcelJS.ValueType.Date);
    expect(monday.value).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(monday.numFmt).toBe('dd/mm/yy "lun"');
    expect(cells.get('04/03/26 mié')!.numFmt).toBe('dd/mm/yy "mié"');
    expect(cells.get('31/12/25 mié')!.value).toEqual(new Date(Date.UTC(2025, 11, 31)));
    // Text stays text, as it is: a formula is never written as one.
    const formula = cells.get('=HYPERLINK("http://x")')!;
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.numFmt).toBe('@');
  });

  it('durations are elapsed time ([hh]:mm:ss) that add up; instants the wall-clock time of the screen', async () => {
    const jornada = await sheetOf(JORNADA);
    const row = jornada.getRow(sheetRowsOf(JORNADA).header + 4);
    expect(row.getCell(4).numFmt).toBe('[hh]:mm:ss');
    expect(row.getCell(4).value).toEqual(new Date(Date.UTC(1899, 11, 30, 1)));
    expect(row.getCell(7).numFmt).toBe('"H.E. "[hh]:mm:ss');
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    const incidents = await sheetOf(INCIDENTES);
    const header = sheetRowsOf(INCIDENTES).header;
    const [first, second] = [incidents.getRow(header + 2), incidents.getRow(header + 3)];
    expect(second.getCell(3).numFmt).toBe('[hh]:mm:ss');
    // 26 hours: elapsed hours past a day, stored as a day and two hours.
    expect(shownText(second.getCell(3))).toBe('26:00:00');
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 3, 9, 0, 0)));
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    const changes = await sheetOf(MODIFICACIONES);
    const change = changes.getRow(sheetRowsOf(MODIFICACIONES).header + 3);
    expect(change.getCell(5).value).toEqual(new Date(Date.UTC(2026, 2, 27)));
    expect(change.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(changes.getRow(sheetRowsOf(MODIFICACIONES).header + 4).getCell(1).value).toBe('—');
  });

  it('writes «/» of the date formats escaped, so Excel does not show the viewer’s separator («-» in Chile)', async () => {
    const files = unzipSync(new Uint8Array(await legalReportXlsx(MODIFICACIONES)));
    const styles = strFromU8(files['xl/styles.xml']!);
    const codes = [...styles.matchAll(/formatCode="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&quot;', '"'));
    expect(codes).toEqual(expect.arrayContaining(['dd\\/mm\\/yyyy hh:mm:ss', 'dd\\/mm\\/yyyy', '[hh]:mm:ss']));
    for (const code of codes) expect(code.replace(/"[^"]*"/g, '')).not.toMatch(/(^|[^\\])\//);
  });

  it('texts that only look like a date or a duration, or are not one, stay text', () => {
    expect(xlsxValue('dia', '02/03/26 mar')).toBeNull(); // 2 March 2026 is a Monday
    expect(xlsxValue('dia', '31/02/26 mar')).toBeNull();
    expect(xlsxValue('dia', 'Total semana 02/03/26 al 08/03/26')).toBeNull();
    expect(xlsxValue('instante', '20/03/2026 24:00:00')).toBeNull();
    expect(xlsxValue('instante', '—')).toBeNull();
    expect(xlsxValue('duracion', '00:60:00')).toBeNull();
    expect(xlsxValue('duracion', '')).toBeNull();
    expect(xlsxValue('duracion', '100:00:01')).toEqual({ value: 360_001 / 86_400, numFmt: '[hh]:mm:ss' });
  });

  it('names every sheet within Excel’s rules: 31 characters at most, none of / \\ ? * [ ] :', () => {
    for (const name of Object.values(SHEET_NAMES)) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[/\\?*[\]:]/);
    }
    expect(SHEET_NAMES.domingos).toBe('c) Domingos y festivos');
  });

  it('an empty report has no table: the empty text under the heading, nothing frozen or filtered', async () => {
    const r = legalReport('asistencia', ['Fecha', 'Asistencia', 'Ausencia', 'Observaciones'], []);
    const sheet = await sheetOf(r);
    expect(shownRows(sheet)).toEqual(sheetRowsOf(r).rows);
    expect(sheet.autoFilter).toBeFalsy();
    expect((sheet.views ?? []).filter((v) => v.state === 'frozen')).toEqual([]);
  });
});
