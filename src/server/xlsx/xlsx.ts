/**
 * XLSX (Office Open XML spreadsheet) for exports and imports: the streaming writer (`write.ts`) and
 * the reader of uploaded workbooks (`read.ts`), over our own ZIP (`zip.ts`).
 */
export { columnName, dateCell, dateSerial, sheetRange, STYLE, xlsxBuffer, xlsxStream, xlsxWorkbook, type Cell, type ChoiceList, type DateCell, type MoneyCell, type SheetSpec } from './write';
export { readXlsxRows, readXlsxSheets, serialText, XlsxError } from './read';
