import zlib from 'node:zlib';

/**
 * Hand-built xlsx files for the reader's limits: a minimal zip writer (so a test can state sizes that
 * are true, or lie about them, as an attacker would) and the hostile workbooks of the security
 * review — a cell in column XFD on every row, a zip bomb, tens of millions of shared strings.
 */

interface ZipEntry {
  name: string;
  /** Raw deflate data; `size` is then the true inflated size. */
  deflated: Buffer;
  size: number;
  /** What the headers claim; the true size unless a test lies. */
  declaredSize?: number;
  crc: number;
}

const entryOf = (name: string, data: Buffer | string): ZipEntry => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return { name, deflated: zlib.deflateRawSync(bytes), size: bytes.length, crc: zlib.crc32(bytes) };
};

/** A zip archive (deflate, no data descriptors) whose headers say what the entries declare. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts every workbook needs around its one sheet (and shared strings, when given). */
function workbookParts(sheetName: string, withSharedStrings: boolean, extra: { styles?: boolean; date1904?: boolean } = {}): ZipEntry[] {
  return [
    entryOf(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${withSharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    ),
    entryOf('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    entryOf('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}">${extra.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    entryOf(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${withSharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}${extra.styles ? `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` : ''}</Relationships>`,
    ),
  ];
}

/** A workbook from the XML of its sheet data (rows), shared-strings items and style parts, for reader tests. */
export function workbookFromXml(parts: { rows: string; sharedStrings?: string; styles?: string; date1904?: boolean; prolog?: string }): Buffer {
  const entries = [
    ...workbookParts('Datos', parts.sharedStrings !== undefined, { styles: parts.styles !== undefined, date1904: parts.date1904 }),
    entryOf('xl/worksheets/sheet1.xml', parts.prolog === undefined ? sheetXml(parts.rows) : `${parts.prolog}<worksheet xmlns="${MAIN}"><sheetData>${parts.rows}</sheetData></worksheet>`),
  ];
  if (parts.sharedStrings !== undefined) entries.push(entryOf('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${parts.sharedStrings}</sst>`));
  if (parts.styles !== undefined) entries.push(entryOf('xl/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}">${parts.styles}</styleSheet>`));
  return zipArchive(entries);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A workbook with the given header row and data rows (inline strings, each row's cells from column A). */
export function workbook(headers: string[], rows: string[][], sheetName = 'Datos'): Buffer {
  const letters = (i: number) => String.fromCharCode(65 + i);
  const xml = [headers, ...rows].map((cells, r) => `<row r="${r + 1}">${cells.map((cell, c) => inline(`${letters(c)}${r + 1}`, cell)).join('')}</row>`).join('');
  return zipArchive([...workbookParts(sheetName, false), entryOf('xl/worksheets/sheet1.xml', sheetXml(xml))]);
}

/**
 * `rows` rows, each with a cell in column A and one in XFD (the last column Excel has): about 50 KB
 * for 5,000 rows. A reader that walks every column up to the last one builds 16,384 cells per row.
 */
export function cellInXfdOnEveryRow(rows: number, headers: string[]): Buffer {
  const header = `<row r="1">${headers.map((h, c) => inline(`${String.fromCharCode(65 + c)}1`, h)).join('')}</row>`;
  let body = '';
  for (let r = 2; r <= rows + 1; r++) body += `<row r="${r}">${inline(`A${r}`, `1${String(r).padStart(7, '0')}-5`)}${inline(`XFD${r}`, 'x')}</row>`;
  return zipArchive([...workbookParts('Datos', false), entryOf('xl/worksheets/sheet1.xml', sheetXml(header + body))]);
}

/**
 * A deflate stream that inflates to `head`, then `chunk` `times` over, then `tail`, built without
 * ever holding the inflated data: each piece ends in a full flush, so the compressed chunk can be
 * repeated as it is.
 */
function repeatedDeflate(head: string, chunk: Buffer, times: number, tail: string): { deflated: Buffer; size: number } {
  const flushed = (data: Buffer) => zlib.deflateRawSync(data, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const first = flushed(Buffer.from(head));
  const middle = flushed(chunk);
  const last = zlib.deflateRawSync(Buffer.from(tail), { level: 9 });
  const deflated = Buffer.concat([first, ...Array.from({ length: times }, () => middle), last]);
  return { deflated, size: Buffer.byteLength(head) + chunk.length * times + Buffer.byteLength(tail) };
}

/**
 * A zip bomb: about 2 MB that inflates to 2 GB of blank space inside the sheet's data. With `lie`,
 * the headers claim the sheet is 1 KB, so only counting the inflated bytes catches it.
 */
export function zipBomb(options: { lie?: boolean } = {}): Buffer {
  const chunk = Buffer.alloc(1024 * 1024, ' ');
  const times = Math.ceil((2 * 1024 ** 3) / chunk.length);
  const sheet = repeatedDeflate(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'RUT')}</row>`,
    chunk,
    times,
    '</sheetData></worksheet>',
  );
  return zipArchive([
    ...workbookParts('Datos', false),
    { name: 'xl/worksheets/sheet1.xml', deflated: sheet.deflated, size: sheet.size, declaredSize: options.lie ? 1024 : sheet.size, crc: 0 },
  ]);
}

/**
 * A shared-strings table of `count` entries (60 million: about 1 GB inflated, under 2 MB zipped).
 * `declared` sets the table's count attributes; with `lie`, the zip headers claim a small part.
 */
export function manySharedStrings(count: number, options: { declared?: number; lie?: boolean } = {}): Buffer {
  const item = '<si><t>a</t></si>';
  const perChunk = 60_000;
  const chunk = Buffer.from(item.repeat(perChunk));
  const declared = options.declared === undefined ? '' : ` count="${options.declared}" uniqueCount="${options.declared}"`;
  const strings = repeatedDeflate(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}"${declared}>`, chunk, Math.ceil(count / perChunk), '</sst>');
  const sheet = sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>`);
  return zipArchive([
    ...workbookParts('Datos', true),
    entryOf('xl/worksheets/sheet1.xml', sheet),
    { name: 'xl/sharedStrings.xml', deflated: strings.deflated, size: strings.size, declaredSize: options.lie ? 2048 : strings.size, crc: 0 },
  ]);
}

/** A small shared-strings part that declares `declared` entries (allocation by the declared count is the attack). */
export function sharedStringsDeclaring(declared: number): Buffer {
  const strings = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${declared}" uniqueCount="${declared}"><si><t>RUT</t></si></sst>`;
  const sheet = sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`);
  return zipArchive([...workbookParts('Datos', true), entryOf('xl/worksheets/sheet1.xml', sheet), entryOf('xl/sharedStrings.xml', strings)]);
}

/**
 * A file within every limit that is slow to read: `rows` rows, each with `width` cells under no
 * header (read and thrown away), so reading takes seconds while the answer is a small 400 (no data
 * rows under the template's headers). It shows whether reading happens off the event loop.
 */
export function slowButLegal(rows: number, width: number, headers: string[]): Buffer {
  const letters = (c: number) => (c < 26 ? String.fromCharCode(65 + c) : `A${String.fromCharCode(65 + c - 26)}`);
  const header = `<row r="1">${headers.map((h, c) => inline(`${letters(c)}1`, h)).join('')}</row>`;
  const parts: string[] = [header];
  for (let r = 2; r <= rows + 1; r++) {
    let row = `<row r="${r}">`;
    for (let c = headers.length; c < headers.length + width; c++) row += `<c r="${letters(c)}${r}"><v>${r * c}</v></c>`;
    parts.push(`${row}</row>`);
  }
  return zipArchive([...workbookParts('Datos', false), entryOf('xl/worksheets/sheet1.xml', sheetXml(parts.join('')))]);
}
