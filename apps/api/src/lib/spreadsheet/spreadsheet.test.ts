import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { col, parseTable, readSpreadsheet, safeCellText, templateCsv, templateXlsx, type Sheet } from './index';

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
  it('reads dates as dd-mm-aaaa, dd/mm/aaaa, aaaa-mm-dd, real Excel dates and Excel serial numbers', () => {
    const table = parseTable(
      sheet(['rut', 'INICIO'], ['12345678-5', '05-03-2024'], ['12.345.678-5', '5/3/2024'], ['123456785', '2024-03-05'], ['12345678-5', new Date(Date.UTC(2024, 2, 5))], ['12345678-5', 45356]),
      columns,
    );
    expect(table.errors).toEqual([]);
    expect(table.rows.map((r) => r.values.fecha)).toEqual(['2024-03-05', '2024-03-05', '2024-03-05', '2024-03-05', '2024-03-05']);
    expect(table.rows.map((r) => r.values.rut)).toEqual(Array(5).fill('12345678-5'));
  });

  it('reads Chilean and plain numbers, enums with synonyms, and reports each bad cell with row and column', () => {
    const table = parseTable(
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
    expect(parseTable(read, columns).rows[0]!.values).toMatchObject({ rut: '12345678-5', fecha: '2024-01-31', monto: 2 });
  });

  it('stops at the row limit with a clear message', async () => {
    const csv = ['RUT', ...Array.from({ length: 11 }, () => '1-9')].join('\n');
    await expect(readSpreadsheet(Buffer.from(csv), { maxRows: 10 })).rejects.toThrow('El archivo tiene más de 10 filas de datos. Divídelo en archivos más pequeños.');
  });

  it('refuses the old .xls format by content', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(readSpreadsheet(xls)).rejects.toThrow('El formato .xls (Excel 97-2003) no es compatible');
  });
});

describe('templates and exports', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+56 9', '-2', '@x', '\tX', 'normal'].map(safeCellText)).toEqual(["'=1+1", "'+56 9", "'-2", "'@x", "'\tX", 'normal']);
  });

  it('builds a template that reads back as valid data', async () => {
    const spec = { sheetName: 'Datos', columns, instructions: ['Una fila por registro.'] };
    const fromXlsx = parseTable(await readSpreadsheet(await templateXlsx(spec), { skipSheets: ['Instrucciones'] }), columns);
    const fromCsv = parseTable(await readSpreadsheet(Buffer.from(templateCsv(spec))), columns);
    for (const table of [fromXlsx, fromCsv]) {
      expect(table.errors).toEqual([]);
      expect(table.rows[0]!.values).toEqual({ rut: '12345678-5', fecha: '2024-01-01', monto: 1000, horas: 42, tipo: 'entrada' });
    }
  });
});
