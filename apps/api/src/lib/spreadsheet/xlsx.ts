import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import yauzl from 'yauzl';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
import { LIMIT_MESSAGES, type SpreadsheetLimits } from './limits';
import type { CellValue, Sheet, SheetRow } from './sheet';

/**
 * A streaming reader of the first data sheet of an xlsx workbook, built to be handed hostile files:
 * the zip's central directory is inspected before any part is inflated (entry count and declared
 * sizes), every inflated byte is counted against the same bound (yauzl also refuses an entry that
 * inflates past its declared size), the XML is parsed as a stream (saxes) and only the cells under
 * the header row's non-empty headers are kept. Columns, rows, cells, cell length, the
 * shared-strings count, the XML nesting depth and the rich-text runs of a cell are capped as they
 * are met; any limit answers a Spanish 400.
 */

interface XlsxOptions {
  maxRows: number;
  skipSheets: readonly string[];
  limits: SpreadsheetLimits;
}

const RELATIONSHIP_TYPES = {
  officeDocument: /\/officeDocument$/,
  worksheet: /\/worksheet$/,
  sharedStrings: /\/sharedStrings$/,
  styles: /\/styles$/,
};

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30 and Excel's locale ids). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A custom number format shows a date when, outside quotes and brackets, it has a date or time token (as exceljs decides). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

const notSpreadsheet = () => spreadsheetError(SPREADSHEET_MESSAGES.notSpreadsheet);

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(notSpreadsheet());
      else resolve(zip);
    });
  });
}

/** The central directory as name -> entry; nothing is inflated yet. */
function listEntries(zip: yauzl.ZipFile, limits: SpreadsheetLimits): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.maxZipEntries) return Promise.reject(spreadsheetError(LIMIT_MESSAGES.tooManyEntries));
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(notSpreadsheet()));
    zip.readEntry();
  });
}

type Handlers = {
  open?: (tag: SaxesTagNS) => void;
  close?: (tag: SaxesTagNS) => void;
  text?: (text: string) => void;
};

/** Inflates and parses one part through saxes, counting its bytes against the workbook's budget. */
class PartReader {
  private inflated = 0;

  constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: SpreadsheetLimits,
  ) {}

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Refuses the workbook at once when the parts it will read declare more than the budget. */
  checkDeclared(names: string[]): void {
    let declared = 0;
    for (const name of names) declared += this.entries.get(name)?.uncompressedSize ?? 0;
    if (declared > this.limits.maxUncompressedBytes) throw spreadsheetError(LIMIT_MESSAGES.tooLargeUncompressed(this.limits.maxUncompressedBytes));
  }

  async parse(name: string, handlers: Handlers): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) throw notSpreadsheet();
    if (entry.isEncrypted()) throw notSpreadsheet();
    const stream = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry, (error, readable) => (error || !readable ? reject(notSpreadsheet()) : resolve(readable)));
    });
    const parser = new SaxesParser({ xmlns: true, position: false });
    // The parser's work per element grows with how deep it sits: the depth is bounded before the
    // handlers see the element, so a file nested hundreds of thousands deep stops at the 65th level.
    let depth = 0;
    parser.on('opentag', (tag) => {
      depth += 1;
      if (depth > this.limits.maxXmlDepth) throw spreadsheetError(LIMIT_MESSAGES.tooDeep(this.limits.maxXmlDepth));
      handlers.open?.(tag);
    });
    parser.on('closetag', (tag) => {
      depth -= 1;
      handlers.close?.(tag);
    });
    if (handlers.text) parser.on('text', handlers.text);
    // Entities are not expanded beyond XML's five, and a DOCTYPE is refused (no entity expansion bombs).
    parser.on('doctype', () => {
      throw notSpreadsheet();
    });
    const decoder = new TextDecoder('utf-8');
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.inflated += chunk.length;
        if (this.inflated > this.limits.maxUncompressedBytes) throw spreadsheetError(LIMIT_MESSAGES.tooLargeUncompressed(this.limits.maxUncompressedBytes));
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      parser.write(decoder.decode());
      parser.close();
    } catch (error) {
      stream.destroy();
      if (error instanceof Error && error.name === 'AppError') throw error;
      // yauzl: "too many bytes in the stream" (inflates past its declared size), bad CRC, bad deflate data.
      if (error instanceof Error && /too many bytes|expected \d+ bytes/i.test(error.message)) {
        throw spreadsheetError(LIMIT_MESSAGES.tooLargeUncompressed(this.limits.maxUncompressedBytes));
      }
      throw notSpreadsheet();
    }
  }
}

/** `xl/workbook.xml` + `../x.xml` -> `x.xml`; `/xl/x.xml` -> `xl/x.xml`. */
function resolvePart(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

const relsOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

const attr = (tag: SaxesTagNS, local: string): string | undefined => {
  for (const attribute of Object.values(tag.attributes)) if (attribute.local === local) return attribute.value;
  return undefined;
};

async function relationships(parts: PartReader, part: string): Promise<{ id: string; type: string; target: string }[]> {
  const rels = relsOf(part);
  if (!parts.has(rels)) return [];
  const result: { id: string; type: string; target: string }[] = [];
  await parts.parse(rels, {
    open: (tag) => {
      if (tag.local !== 'Relationship' || attr(tag, 'TargetMode') === 'External') return;
      result.push({ id: attr(tag, 'Id') ?? '', type: attr(tag, 'Type') ?? '', target: resolvePart(part, attr(tag, 'Target') ?? '') });
    },
  });
  return result;
}

interface WorkbookInfo {
  sheets: { name: string; part: string }[];
  sharedStrings: string | null;
  styles: string | null;
  date1904: boolean;
}

async function workbookInfo(parts: PartReader): Promise<WorkbookInfo> {
  const root = await relationships(parts, '');
  const workbook = root.find((r) => RELATIONSHIP_TYPES.officeDocument.test(r.type))?.target ?? 'xl/workbook.xml';
  if (!parts.has(workbook)) throw notSpreadsheet();
  const rels = await relationships(parts, workbook);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sheets: WorkbookInfo['sheets'] = [];
  let date1904 = false;
  await parts.parse(workbook, {
    open: (tag) => {
      if (tag.local === 'workbookPr') date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
      if (tag.local !== 'sheet') return;
      const rel = byId.get(attr(tag, 'id') ?? '');
      if (rel && RELATIONSHIP_TYPES.worksheet.test(rel.type)) sheets.push({ name: attr(tag, 'name') ?? '', part: rel.target });
    },
  });
  const target = (type: RegExp) => rels.find((r) => type.test(r.type))?.target ?? null;
  return { sheets, sharedStrings: target(RELATIONSHIP_TYPES.sharedStrings), styles: target(RELATIONSHIP_TYPES.styles), date1904 };
}

/**
 * Collects the text of `<t>` elements inside a run or string item, leaving out phonetic runs (`<rPh>`);
 * refuses a cell or string with more characters or more rich-text runs (`<r>`) than the limits allow.
 */
class TextCollector {
  private depthInPhonetic = 0;
  private inText = false;
  private text = '';
  private runs = 0;

  constructor(private readonly limits: Pick<SpreadsheetLimits, 'maxCellChars' | 'maxRunsPerCell'>) {}

  reset(): void {
    this.text = '';
    this.inText = false;
    this.depthInPhonetic = 0;
    this.runs = 0;
  }

  open(local: string): void {
    if (local === 'r') {
      this.runs += 1;
      if (this.runs > this.limits.maxRunsPerCell) throw spreadsheetError(LIMIT_MESSAGES.tooManyRuns(this.limits.maxRunsPerCell));
    } else if (local === 'rPh') this.depthInPhonetic++;
    else if (local === 't' && this.depthInPhonetic === 0) this.inText = true;
  }

  close(local: string): void {
    if (local === 'rPh') this.depthInPhonetic--;
    else if (local === 't') this.inText = false;
  }

  add(text: string): void {
    if (!this.inText) return;
    this.text += text;
    if (this.text.length > this.limits.maxCellChars) throw spreadsheetError(LIMIT_MESSAGES.tooLongCell(this.limits.maxCellChars));
  }

  value(): string {
    return this.text;
  }
}

async function sharedStrings(parts: PartReader, part: string | null, limits: SpreadsheetLimits): Promise<string[]> {
  if (!part || !parts.has(part)) return [];
  const strings: string[] = [];
  const collector = new TextCollector(limits);
  let inItem = false;
  await parts.parse(part, {
    open: (tag) => {
      if (tag.local === 'sst') {
        // A declared count above the limit refuses the file before a single string is read.
        for (const name of ['count', 'uniqueCount']) {
          const declared = Number(attr(tag, name) ?? 0);
          if (declared > limits.maxSharedStrings) throw spreadsheetError(LIMIT_MESSAGES.tooManySharedStrings(limits.maxSharedStrings));
        }
      } else if (tag.local === 'si') {
        inItem = true;
        collector.reset();
      } else if (inItem) collector.open(tag.local);
    },
    close: (tag) => {
      if (tag.local === 'si') {
        inItem = false;
        strings.push(collector.value());
        if (strings.length > limits.maxSharedStrings) throw spreadsheetError(LIMIT_MESSAGES.tooManySharedStrings(limits.maxSharedStrings));
      } else if (inItem) collector.close(tag.local);
    },
    text: (text) => {
      if (inItem) collector.add(text);
    },
  });
  return strings;
}

/** Which cell styles (`s` attribute) show a date: numbers in them are read as dates, as exceljs did. */
async function dateStyles(parts: PartReader, part: string | null): Promise<Set<number>> {
  const result = new Set<number>();
  if (!part || !parts.has(part)) return result;
  const customDate = new Map<number, boolean>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await parts.parse(part, {
    open: (tag) => {
      if (tag.local === 'numFmt') customDate.set(Number(attr(tag, 'numFmtId')), isDateFormat(attr(tag, 'formatCode') ?? ''));
      else if (tag.local === 'cellXfs') inCellXfs = true;
      else if (tag.local === 'xf' && inCellXfs) styleFormats.push(Number(attr(tag, 'numFmtId') ?? 0));
    },
    close: (tag) => {
      if (tag.local === 'cellXfs') inCellXfs = false;
    },
  });
  styleFormats.forEach((format, index) => {
    if (customDate.get(format) ?? BUILT_IN_DATE_FORMATS.has(format)) result.add(index);
  });
  return result;
}

/** `B12` -> column 2; letters only, at most three (XFD is the last column Excel has, 16384). */
function columnOf(reference: string): number | null {
  const match = /^([A-Z]{1,3})\d*$/i.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const char of match[1]!.toUpperCase()) column = column * 26 + (char.charCodeAt(0) - 64);
  return column;
}

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, after its 1900 leap-year bug) to 1970-01-01; 1904 workbooks count from 1904-01-01. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = 24_107;

interface SheetContext {
  strings: string[];
  dates: Set<number>;
  date1904: boolean;
  maxRows: number;
  limits: SpreadsheetLimits;
}

/** The value a person sees in a cell: shared or inline text, number, boolean, date; errors and empty formulas are empty. */
function cellValue(type: string, raw: string | null, inline: string | null, style: number, context: SheetContext): CellValue {
  switch (type) {
    case 's': {
      if (raw === null) return null;
      return context.strings[Number(raw)] ?? null;
    }
    case 'inlineStr':
      return inline ?? raw;
    case 'str':
      return raw;
    case 'b':
      return raw === null ? null : raw.trim() === '1' || raw.trim().toLowerCase() === 'true';
    case 'e':
      return null;
    case 'd': {
      if (raw === null) return null;
      const at = new Date(raw);
      return Number.isNaN(at.getTime()) ? raw : at;
    }
    default: {
      if (raw === null || raw.trim() === '') return null;
      const value = Number(raw);
      if (!Number.isFinite(value)) return raw;
      if (!context.dates.has(style)) return value;
      const at = new Date(Math.round((value - (context.date1904 ? EPOCH_1904 : EPOCH_1900)) * DAY_MS));
      return Number.isNaN(at.getTime()) ? value : at;
    }
  }
}

const isEmpty = (value: CellValue) => value === null || (typeof value === 'string' && value.trim() === '');

async function readSheet(parts: PartReader, part: string, context: SheetContext): Promise<Sheet> {
  const { limits } = context;
  let headers: string[] | null = null;
  /** Positions (0-based) under a non-empty header: the only cells kept. */
  let kept: number[] = [];
  const rows: SheetRow[] = [];
  let cellsWithValue = 0;

  let rowNumber = 0;
  let rowCells = new Map<number, CellValue>();
  let column = 0;
  let cellType = '';
  let cellStyle = 0;
  let inValue = false;
  let raw: string | null = null;
  let inInline = false;
  const inline = new TextCollector(limits);
  let inlineSeen = false;

  const endRow = () => {
    if (!headers) {
      if (![...rowCells.values()].some((value) => !isEmpty(value))) return;
      const width = Math.max(...rowCells.keys());
      headers = Array.from({ length: width }, (_, i) => {
        const value = rowCells.get(i + 1) ?? null;
        return value === null ? '' : value instanceof Date ? value.toISOString() : String(value).trim();
      });
      kept = headers.flatMap((header, i) => (header === '' ? [] : [i]));
      return;
    }
    const cells: CellValue[] = headers.map(() => null);
    let any = false;
    for (const position of kept) {
      const value = rowCells.get(position + 1) ?? null;
      cells[position] = value;
      if (!isEmpty(value)) any = true;
    }
    if (!any) return;
    if (rows.length >= context.maxRows) throw spreadsheetError(SPREADSHEET_MESSAGES.tooManyRows(context.maxRows));
    rows.push({ fila: rowNumber, cells });
  };

  await parts.parse(part, {
    open: (tag) => {
      switch (tag.local) {
        case 'row': {
          const declared = Number(attr(tag, 'r'));
          rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
          rowCells = new Map();
          column = 0;
          return;
        }
        case 'c': {
          const reference = attr(tag, 'r');
          const declared = reference ? columnOf(reference) : null;
          column = declared ?? column + 1;
          cellType = attr(tag, 't') ?? 'n';
          cellStyle = Number(attr(tag, 's') ?? 0);
          raw = null;
          inlineSeen = false;
          return;
        }
        case 'v':
          inValue = true;
          raw = '';
          return;
        case 'is':
          inInline = true;
          inlineSeen = true;
          inline.reset();
          return;
        default:
          if (inInline) inline.open(tag.local);
      }
    },
    text: (text) => {
      if (inValue) {
        raw += text;
        if (raw!.length > limits.maxCellChars) throw spreadsheetError(LIMIT_MESSAGES.tooLongCell(limits.maxCellChars));
      } else if (inInline) inline.add(text);
    },
    close: (tag) => {
      switch (tag.local) {
        case 'v':
          inValue = false;
          return;
        case 'is':
          inInline = false;
          return;
        case 'c': {
          const value = cellValue(cellType, raw, inlineSeen ? inline.value() : null, cellStyle, context);
          if (isEmpty(value)) return;
          if (column > limits.maxColumns) throw spreadsheetError(LIMIT_MESSAGES.tooManyColumns(column, rowNumber, limits.maxColumns));
          cellsWithValue += 1;
          if (cellsWithValue > limits.maxCells) throw spreadsheetError(LIMIT_MESSAGES.tooManyCells(limits.maxCells));
          rowCells.set(column, value);
          return;
        }
        case 'row':
          endRow();
          return;
        default:
          if (inInline) inline.close(tag.local);
      }
    },
  });
  if (!headers) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  return { format: 'xlsx', headers, rows };
}

/** Reads the first sheet of the workbook whose name is not in `skipSheets`. */
export async function readXlsx(buffer: Buffer, options: XlsxOptions): Promise<Sheet> {
  const { limits } = options;
  const zip = await openZip(buffer);
  try {
    const entries = await listEntries(zip, limits);
    const parts = new PartReader(zip, entries, limits);
    const info = await workbookInfo(parts);
    const skip = new Set(options.skipSheets.map((name) => name.toLocaleLowerCase('es-CL')));
    const sheet = info.sheets.find((s) => !skip.has(s.name.toLocaleLowerCase('es-CL')) && parts.has(s.part));
    if (!sheet) throw notSpreadsheet();
    parts.checkDeclared([info.sharedStrings, info.styles, sheet.part].filter((name): name is string => name !== null));
    const strings = await sharedStrings(parts, info.sharedStrings, limits);
    const dates = await dateStyles(parts, info.styles);
    return await readSheet(parts, sheet.part, { strings, dates, date1904: info.date1904, maxRows: options.maxRows, limits });
  } finally {
    zip.close();
  }
}
