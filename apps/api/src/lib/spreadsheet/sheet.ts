/** A cell as read: text from CSV; text, number, boolean or Date (a real Excel date, UTC midnight) from xlsx. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet (the header row is 1). */
  fila: number;
  /** One cell per header position; cells under an empty header are always null (never read). */
  cells: CellValue[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  /** Header texts as written, in file order. */
  headers: string[];
  /** Data rows under the header; rows empty in every headed column are skipped. */
  rows: SheetRow[];
}
