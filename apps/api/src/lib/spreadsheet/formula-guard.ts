/**
 * Formula (CSV) injection: text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * read as a formula by spreadsheet programs. Every export and template goes through these helpers.
 *
 * - xlsx: text is written as a text cell (exceljs writes every JavaScript string as one, never as a
 *   formula) with the text number format `@`, which no program evaluates, so the text is written
 *   exactly as it is (a phone `+56 9 …` stays `+56 9 …`, not `'+56 9 …`). `textCell` does this.
 * - CSV has no cell types: the usual leading apostrophe goes before text that starts like a formula,
 *   except numbers and phone numbers (digits with number or phone punctuation only, which call nothing),
 *   and the reader takes it off again, so our own files read back as they were written.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** Digits with number or phone punctuation only: `-2`, `+56 9 8765 4321`, `+56 (2) 2345-6789`, `1.234,5`. */
const NUMBER_OR_PHONE = /^[+-]?[\d\s().,/-]*\d[\d\s().,/-]*$/;

/** True when a spreadsheet program would evaluate this text typed into a cell or read from a CSV. */
function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text);
}

/** Text for a CSV cell: a leading apostrophe only before text a spreadsheet would run as a formula. */
export function csvCellText(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** The inverse of `csvCellText`, applied to every CSV cell read: `'=x` reads as `=x`. */
export function readCsvCellText(text: string): string {
  return text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;
}

/** The number format that keeps a cell text, also when someone edits it in Excel. */
export const TEXT_FORMAT = '@';

/** Writes text into an xlsx cell as a text cell, exactly as it is. */
export function textCell(cell: { value: unknown; numFmt: string }, text: string): void {
  cell.value = text;
  cell.numFmt = TEXT_FORMAT;
}
