import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ExportClosed, pace, sheetBacklog } from './pace';

const MB = 1 << 20;

/** A sheet of `rows` rows like the marks report's, paced every `slice` rows; the backlog before and after each pace. */
async function writeSheet(rows: number, slice: number, paced: boolean) {
  const stream = new PassThrough();
  let sent = 0;
  stream.on('data', (chunk: Buffer) => (sent += chunk.length));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Marcas');
  const backlog = sheetBacklog(sheet);
  const before: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < rows; i += 1) {
    const row = sheet.addRow(['Pérez González, Juan', '12.345.678-5', 'Bodega', String(i), '01-10-2026', '08:00:00', 'Entrada', 'Web', 'Casa matriz', '', '', 'a'.repeat(64), 'Íntegra']);
    row.eachCell((cell) => (cell.font = { name: 'Arial', size: 8 }));
    row.commit();
    if ((i + 1) % slice === 0) {
      before.push(backlog());
      if (paced) await pace(stream, backlog);
      after.push(backlog());
    }
  }
  sheet.commit();
  await workbook.commit();
  return { before, after, sent };
}

describe('pace', () => {
  it("reads exceljs's uncompressed backlog, and waits for it: the XML waiting for the zip stays under 1 MB", async () => {
    const { before, after, sent } = await writeSheet(20_000, 2_000, true);
    // Each slice of 2,000 rows makes about 1.2 MB of XML faster than the compressor takes it.
    expect(Math.max(...before)).toBeGreaterThan(MB / 2);
    expect(Math.max(...after)).toBeLessThanOrEqual(MB);
    expect(sent).toBeGreaterThan(100_000);
  }, 60_000);

  it('without waiting for it, the backlog grows with the rows (what the export did before)', async () => {
    const { before } = await writeSheet(20_000, 2_000, false);
    expect(before[before.length - 1]!).toBeGreaterThan(5 * MB);
  }, 60_000);

  it('a stream closed by the reader stops the export', async () => {
    const stream = new PassThrough();
    stream.destroy();
    await expect(pace(stream)).rejects.toBeInstanceOf(ExportClosed);
  });
});
