/**
 * Spreadsheet uploads and downloads shared by every bulk feature (users, shifts, planning):
 * read an xlsx or CSV by content, map headers in any order with aliases, parse typed columns into
 * row-level errors, build the template, and write injection-safe exports.
 */
export { readSpreadsheet, type CellValue, type Sheet } from './read';
export { closeSpreadsheetReaders } from './reader-pool';
export * as col from './columns';
export { simplify, storableCells, type Column, type Columns, type RowOf } from './columns';
export { EXAMPLE_ROW_MARK, EXAMPLE_ROW_NOTE, parseTable } from './table';
export { templateCsv, templateXlsx, INSTRUCTIONS_SHEET, type TemplateSpec } from './template';
export { attachment, CSV_CONTENT_TYPE, DATE_FORMAT, excelDate, sendFile, writeXlsx, XLSX_CONTENT_TYPE, type ExportColumn } from './export';
export { csvCellText, readCsvCellText, TEXT_FORMAT } from './formula-guard';
export { readUploadedFile, type UploadedFile } from './upload';
export { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
export { summarize } from './summary';
