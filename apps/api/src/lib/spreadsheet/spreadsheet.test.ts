import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { slowButLegal, workbookFromXml } from '../../test/hostile-xlsx';
import { col, csvCellText, parseTable, readCsvCellText, readSpreadsheet, templateCsv, templateXlsx, writeXlsx, type Sheet } from './index';

const columns = {
  rut: col.rut({ header: 'RUT', required: true, description: '', example: '12.345.678-5' }),
  fecha: col.date({ header: 'Fecha de inicio', aliases: ['Inicio'], required: true, description: '', example: '2024-01-01' }),
  monto: col.integer({ header: 'Monto', required: false, min: 0, description: '', example: 1000 }),
  horas: col.decimal({ header: 'Horas', required: false, step: 0.5, description: '', example: 42 }),
  tipo: col.oneOf({ header: 'Tipo', required: false, values: ['entrada', 'salida'] as const, synonyms: { entrada: ['ingreso'] }, description: '', example: 'entrada' }),
};

const sheet = (headers: string[], ...rows: (string | number | Date | null)[][]): Sheet => ({
  format: 'csv',
  headers,
  rows: rows.map((cells, i) => ({ fila: i + 2, cells })),
});

describe('column parsers', () => {
  it('reads dates as dd-mm-aaaa, dd/mm/aaaa, aaaa-mm-dd, real Excel dates and Excel serial numbers', async () => {
    const table = await parseTable(
      sheet(['rut', 'INICIO'], ['12345678-5', '05-03-2024'], ['12.345.678-5', '5/3/2024'], ['123456785', '2024-03-05'], ['12345678-5', new Date(Date.UTC(2024, 2, 5))], ['12345678-5', 45356]),
      columns,
    );
    expect(table.errors).toEqual([]);
    expect(table.rows.map((r) => r.values.fecha)).toEqual(['2024-03-05', '2024-03-05', '2024-03-05', '2024-03-05', '2024-03-05']);
    expect(table.rows.map((r) => r.values.rut)).toEqual(Array(5).fill('12345678-5'));
    const outOfRange = await parseTable(sheet(['RUT', 'Inicio'], ['12345678-5', '31-12-9999'], ['12345678-5', 2_958_465]), columns);
    expect(outOfRange.errors.map((e) => e.mensaje)).toEqual(['La fecha debe estar entre 1900 y 2100.', 'La fecha debe estar entre 1900 y 2100.']);
  });

  it('reads Chilean and plain numbers, enums with synonyms, and reports each bad cell with row and column', async () => {
    const table = await parseTable(
      sheet(['RUT', 'Inicio', 'Monto', 'Horas', 'Tipo'], ['12345678-5', '2024-01-01', '1.250.000', '42,5', 'Ingreso'], ['12345678-9', '2024-02-30', '12,5', '41,7', 'pausa'], ['', '', '', '', '']),
      columns,
    );
    expect(table.rows).toEqual([{ fila: 2, values: { rut: '12345678-5', fecha: '2024-01-01', monto: 1_250_000, horas: 42.5, tipo: 'entrada' } }]);
    expect(table.errors).toEqual([
      { fila: 3, columna: 'RUT', mensaje: 'El RUT no es válido.' },
      { fila: 3, columna: 'Fecha de inicio', mensaje: 'La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.' },
      { fila: 3, columna: 'Monto', mensaje: 'Debe ser un número entero.' },
      { fila: 3, columna: 'Horas', mensaje: 'Debe ser múltiplo de 0,5.' },
      { fila: 3, columna: 'Tipo', mensaje: 'Valor no válido. Usa: entrada, salida.' },
      { fila: 4, columna: 'RUT', mensaje: 'Este dato es obligatorio.' },
      { fila: 4, columna: 'Fecha de inicio', mensaje: 'Este dato es obligatorio.' },
    ]);
    expect([...table.invalidRows]).toEqual([3, 4]);
  });
});

describe('reading files', () => {
  it('decodes a Windows-1252 CSV (as Excel saves it) and a UTF-8 one with BOM alike', async () => {
    const text = 'RUT;Inicio\r\n12.345.678-5;01-02-2024\r\n';
    const latin = Buffer.from(`Nombre;Comuna\r\nÑuñoa;Peñalolén\r\n`, 'latin1');
    expect((await readSpreadsheet(latin)).rows[0]!.cells).toEqual(['Ñuñoa', 'Peñalolén']);
    const bom = await readSpreadsheet(Buffer.from(`\ufeff${text}`, 'utf8'));
    expect(bom.headers).toEqual(['RUT', 'Inicio']);
  });

  it('reads the first sheet that is not the instructions, with real dates, rich text and formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Instrucciones').addRow(['léeme']);
    const data = workbook.addWorksheet('Datos');
    data.addRow(['RUT', 'Inicio', 'Monto']);
    data.addRow([{ richText: [{ text: '12.345.' }, { text: '678-5' }] }, new Date(Date.UTC(2024, 0, 31)), { formula: '1+1', result: 2 }]);
    const read = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()), { skipSheets: ['Instrucciones'] });
    expect(read).toMatchObject({ format: 'xlsx', headers: ['RUT', 'Inicio', 'Monto'] });
    expect((await parseTable(read, columns)).rows[0]!.values).toMatchObject({ rut: '12345678-5', fecha: '2024-01-31', monto: 2 });
  });

  it('stops at the row limit with a clear message', async () => {
    const csv = ['RUT', ...Array.from({ length: 11 }, () => '1-9')].join('\n');
    await expect(readSpreadsheet(Buffer.from(csv), { maxRows: 10 })).rejects.toThrow('El archivo tiene más de 10 filas de datos. Divídelo en archivos más pequeños.');
  });

  it('reads what the cells show: shared and rich text without phonetic runs, dates and times by their style, booleans, errors as empty', async () => {
    const file = workbookFromXml({
      sharedStrings: '<si><t>RUT</t></si><si><r><t>Fecha</t></r><r><t xml:space="preserve"> inicio</t></r><rPh><t>ふりがな</t></rPh></si><si><t>Hora</t></si>',
      styles: '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="20"/><xf numFmtId="49"/></cellXfs>',
      rows:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="inlineStr"><is><t>Activo</t></is></c><c r="E1" t="inlineStr"><is><t>Nota</t></is></c></row>' +
        '<row r="3"><c r="A3"><v>12345678</v></c><c r="B3" s="1"><v>45352</v></c><c r="C3" s="2"><v>0.3333333333333333</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c><c r="G3" t="inlineStr"><is><t>bajo ningún encabezado</t></is></c></row>',
    });
    const sheet = await readSpreadsheet(file);
    expect(sheet.headers).toEqual(['RUT', 'Fecha inicio', 'Hora', 'Activo', 'Nota']);
    expect(sheet.rows).toEqual([{ fila: 3, cells: [12345678, new Date(Date.UTC(2024, 2, 1)), new Date(Date.UTC(1899, 11, 30, 8)), true, null] }]);
  });

  it('counts dates from 1904 in workbooks saved that way', async () => {
    const file = workbookFromXml({
      date1904: true,
      styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
      rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>Inicio</t></is></c></row><row r="2"><c r="A2" s="1"><v>43890</v></c></row>',
    });
    expect((await readSpreadsheet(file)).rows[0]!.cells).toEqual([new Date(Date.UTC(2024, 2, 1))]);
  });

  it('refuses data beyond the template columns, overlong cells and too many cells, naming where, in xlsx and CSV', async () => {
    const wide = workbookFromXml({ rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>RUT</t></is></c></row><row r="7"><c r="A7"><v>1</v></c><c r="BM7"><v>2</v></c></row>' });
    await expect(readSpreadsheet(wide)).rejects.toThrow('La fila 7 tiene datos en la columna BM; la plantilla usa como máximo 64 columnas (hasta la BL).');
    const csv = `RUT${';'.repeat(64)}x
`;
    await expect(readSpreadsheet(Buffer.from(csv))).rejects.toThrow('La fila 1 tiene datos en la columna BM');
    const long = workbookFromXml({ rows: `<row r="1"><c r="A1" t="inlineStr"><is><t>${'a'.repeat(32_768)}</t></is></c></row>` });
    await expect(readSpreadsheet(long)).rejects.toThrow('Una celda del archivo tiene más de 32.767 caracteres.');
    const many = `RUT;Nombre\n${'1;2\n'.repeat(6)}`;
    await expect(readSpreadsheet(Buffer.from(many), { limits: { maxCells: 10 } })).rejects.toThrow('El archivo tiene más de 10 celdas con datos.');
  });

  it('refuses a DOCTYPE (entity expansion) and a zip that is not a workbook', async () => {
    const entities = workbookFromXml({ prolog: '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>', rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row>' });
    await expect(readSpreadsheet(entities)).rejects.toThrow('no es una planilla');
    const notWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
    await expect(readSpreadsheet(notWorkbook)).rejects.toThrow('El archivo no es una planilla Excel');
  });

  it('gives up on a file that takes longer than its time to read, and the next file reads normally', async () => {
    await expect(readSpreadsheet(slowButLegal(20_000, 10, ['RUT']), { limits: { timeoutMs: 50 } })).rejects.toThrow('El archivo tardó demasiado en leerse.');
    expect((await readSpreadsheet(Buffer.from('RUT\n1-9\n'))).rows).toEqual([{ fila: 2, cells: ['1-9'] }]);
  });

  it('refuses the old .xls format by content', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(readSpreadsheet(xls)).rejects.toThrow('El formato .xls (Excel 97-2003) no es compatible');
  });
});

describe('templates and exports', () => {
  it('in CSV, puts an apostrophe only before text a spreadsheet would run as a formula, and reads it back off', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['-cmd|calc', "'-cmd|calc"],
      ['+A1', "'+A1"],
      ['\tX', "'\tX"],
      ['\rX', "'\rX"],
      // Numbers and phone numbers call nothing: written as they are.
      ['+56 9 8765 4321', '+56 9 8765 4321'],
      ['+56 (2) 2345-6789', '+56 (2) 2345-6789'],
      ['-2', '-2'],
      ['-1.234,5', '-1.234,5'],
      ['normal', 'normal'],
      ["'ya con apóstrofo", "'ya con apóstrofo"],
    ];
    expect(cases.map(([text]) => csvCellText(text))).toEqual(cases.map(([, written]) => written));
    expect(cases.map(([, written]) => readCsvCellText(written))).toEqual(cases.map(([text]) => text));
  });

  it('round-trips a phone number and a formula-looking name through xlsx and CSV, with nothing evaluated', async () => {
    const people = { nombre: col.text({ header: 'Nombre', required: true, description: '', example: '=HYPERLINK("http://malo","clic")' }), telefono: col.text({ header: 'Teléfono', required: false, description: '', example: '+56 9 8765 4321' }) };
    const rows = [{ nombre: '=HYPERLINK("http://malo","clic")', telefono: '+56 9 8765 4321' }, { nombre: '@SUM(A1:A2)', telefono: '-' }];
    const xlsx = await writeXlsx({ sheetName: 'Personas', rows, columns: [{ header: 'Nombre', value: (r) => r.nombre }, { header: 'Teléfono', value: (r) => r.telefono }] });
    expect((await readSpreadsheet(xlsx)).rows.map((r) => r.cells)).toEqual(rows.map((r) => [r.nombre, r.telefono]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('Personas')!.getCell('A2');
    expect([cell.type, cell.formula, cell.numFmt]).toEqual([ExcelJS.ValueType.String, undefined, '@']);
    // The templates too: the xlsx example row and the CSV one read back as written.
    const spec = { sheetName: 'Personas', columns: people, instructions: ['=no es una fórmula'] };
    const fromXlsx = await readSpreadsheet(await templateXlsx(spec), { skipSheets: ['Instrucciones'] });
    const csv = templateCsv(spec);
    expect(csv).toContain(`'=HYPERLINK(""http://malo"",""clic"")";+56 9 8765 4321`);
    const fromCsv = await readSpreadsheet(Buffer.from(csv));
    for (const sheetRead of [fromXlsx, fromCsv]) expect(sheetRead.rows.map((r) => r.cells)).toEqual([[rows[0]!.nombre, rows[0]!.telefono]]);
  });

  it('builds a template that reads back as valid data', async () => {
    const spec = { sheetName: 'Datos', columns, instructions: ['Una fila por registro.'] };
    const fromXlsx = await parseTable(await readSpreadsheet(await templateXlsx(spec), { skipSheets: ['Instrucciones'] }), columns);
    const fromCsv = await parseTable(await readSpreadsheet(Buffer.from(templateCsv(spec))), columns);
    for (const table of [fromXlsx, fromCsv]) {
      expect(table.errors).toEqual([]);
      expect(table.rows[0]!.values).toEqual({ rut: '12345678-5', fecha: '2024-01-01', monto: 1000, horas: 42, tipo: 'entrada' });
    }
  });
});
