/**
 * What reading an uploaded file first needs: the size and row sniff and the workbook reader, with
 * SheetJS's reading copy and fflate. Loaded on a group's first upload (D501): the spreadsheet groups
 * mostly answer downloads, which write with SheetJS's write-only copy.
 */
export { sniffSpreadsheet } from './sniff.js';
export { parseWorkbookSheet } from './workbook-parse.js';
