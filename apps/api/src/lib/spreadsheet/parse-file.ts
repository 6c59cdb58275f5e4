import { readCsv } from './csv';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
import type { SpreadsheetLimits } from './limits';
import type { Sheet } from './sheet';
import { readXlsx } from './xlsx';

type Kind = 'xlsx' | 'csv';

const startsWith = (buffer: Uint8Array, bytes: number[]) => bytes.every((byte, i) => buffer[i] === byte);

/** Decides by content, never by file name: a renamed PDF is not a spreadsheet. */
export function sniff(buffer: Buffer): Kind {
  if (buffer.length === 0) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw spreadsheetError(SPREADSHEET_MESSAGES.legacyXls);
  // Text files have no NUL bytes (UTF-16 does, and is not offered); binary formats almost always do.
  const head = buffer.subarray(0, 64 * 1024);
  if (head.includes(0) || startsWith(buffer, [0x25, 0x50, 0x44, 0x46])) throw spreadsheetError(SPREADSHEET_MESSAGES.notSpreadsheet);
  return 'csv';
}

/** What a reader worker is handed: the file and plain options (structured-cloneable). */
export interface ReadTask {
  buffer: Uint8Array;
  maxRows: number;
  skipSheets: readonly string[];
  limits: SpreadsheetLimits;
}

/** Reads in the calling thread; the reader workers run this (lib/spreadsheet/reader.worker.ts). */
export async function readInThisThread(task: ReadTask): Promise<Sheet> {
  const buffer = Buffer.from(task.buffer.buffer, task.buffer.byteOffset, task.buffer.byteLength);
  return sniff(buffer) === 'xlsx'
    ? readXlsx(buffer, { maxRows: task.maxRows, skipSheets: task.skipSheets, limits: task.limits })
    : readCsv(buffer, task.maxRows, task.limits);
}
