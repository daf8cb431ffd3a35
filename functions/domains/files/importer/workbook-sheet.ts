import * as XLSX from 'xlsx';
import { AppError } from '../../../runtime/http/app-error.js';
import { isOle, isZip } from '../../../runtime/spreadsheets/zip-guard.js';
import { ROWS_TO_READ, tooManyRows } from './parsed-sheet.js';
import { sheetHasMoreRows, xlsHasMoreRows } from './workbook-rows.js';

/** A row as SheetJS answers it with `header: 1`: the cells, marked with its sheet row. */
type SheetRow = unknown[] & { __rowNum__?: number };

/** The rows of a workbook's first sheet (SheetJS), with the sheet row each starts on. */
export function parseWorkbookRows(bytes: Uint8Array): { rows: unknown[][]; lines: number[] } {
  // A workbook over the limit is refused from its sheet XML or BIFF records, before SheetJS parses all of it.
  if (isZip(bytes) ? sheetHasMoreRows(bytes, ROWS_TO_READ) : isOle(bytes) && xlsHasMoreRows(bytes, ROWS_TO_READ))
    throw tooManyRows();
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: ROWS_TO_READ,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      WTF: false,
    });
  } catch {
    throw new AppError(400, 'sheet_unreadable');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw new AppError(400, 'sheet_unreadable');
  // SheetJS keeps the full range in !fullref when sheetRows cut the sheet short.
  const full = sheet['!fullref'];
  if (full && XLSX.utils.decode_range(full).e.r + 1 > ROWS_TO_READ) throw tooManyRows();
  try {
    const rows = XLSX.utils.sheet_to_json<SheetRow>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
    // SheetJS marks each row with its 0-based sheet row (`__rowNum__`, not enumerable).
    const lines = rows.map((row, i) => {
      const n = row.__rowNum__;
      return typeof n === 'number' ? n + 1 : i + 1;
    });
    return { rows, lines };
  } catch {
    throw new AppError(400, 'sheet_unreadable');
  }
}
