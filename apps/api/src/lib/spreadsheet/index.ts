/**
 * Spreadsheet uploads and downloads shared by every bulk feature (users, shifts, planning):
 * read an xlsx or CSV by content, map headers in any order with aliases, parse typed columns into
 * row-level errors, build the template, and write injection-safe exports.
 */
export { readSpreadsheet, type CellValue, type ReadOptions, type Sheet, type SheetRow } from './read';
export * as col from './columns';
export { CellError, simplify, type Column, type Columns, type RowOf } from './columns';
export { parseTable, type ParsedRow, type ParsedTable } from './table';
export { templateCsv, templateXlsx, INSTRUCTIONS_SHEET, type TemplateSpec } from './template';
export { attachment, CSV_CONTENT_TYPE, safeCellText, sendFile, writeXlsx, XLSX_CONTENT_TYPE, type ExportColumn } from './export';
export { readUploadedFile, type UploadedFile } from './upload';
export { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
export { summarize } from './summary';
