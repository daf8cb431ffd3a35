import { CsvError, parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { QUESTION_SHEET_LIMITS, type SheetExtension } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';

/** Rows read past the cap, so a few blank rows inside a full sheet do not cut data off. */
const BLANK_ROW_SLACK = 1_000;
const ROWS_TO_READ = QUESTION_SHEET_LIMITS.maxRows + 1 + BLANK_ROW_SLACK;

export interface ParsedSheet {
  header: string[];
  /** Data rows under the header, cells as the parser gave them. */
  rows: unknown[][];
}

const tooManyRows = () => new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });

/** The first sheet of a workbook (SheetJS) or a UTF-8 CSV (csv-parse) as rows. */
export function parseSheet(bytes: Uint8Array, extension: SheetExtension): ParsedSheet {
  const all = extension === 'csv' ? parseCsvRows(bytes) : parseWorkbookRows(bytes);
  let headerIndex = all.findIndex((row) => row.some((cell) => String(cell ?? '').trim() !== ''));
  if (headerIndex < 0) headerIndex = 0;
  const header = (all[headerIndex] ?? []).map((cell) => String(cell ?? '').trim());
  return { header, rows: all.slice(headerIndex + 1) };
}

function parseWorkbookRows(bytes: Uint8Array): unknown[][] {
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
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  } catch {
    throw new AppError(400, 'sheet_unreadable');
  }
}

/** csv-parse's options for our CSV: RFC 4180 with the leniency today's sheets rely on. */
const CSV_OPTIONS: CsvOptions = {
  bom: true,
  // Rows may be ragged; the importer reports missing cells itself.
  relax_column_count: true,
  // A quote inside an unquoted field is a character, as spreadsheet programs write it.
  relax_quotes: true,
  // Blank lines and rows of empty cells are not data.
  skip_records_with_empty_values: true,
  // CRLF, LF or a lone CR, even mixed in one file (hand-edited files mix them).
  record_delimiter: ['\r\n', '\n', '\r'],
  // One record past the cap is enough to know there are too many; the rest is never parsed.
  to: ROWS_TO_READ + 1,
};

/**
 * RFC 4180 CSV (csv-parse): comma separated, double quotes around fields that hold commas, quotes
 * or line breaks, "" for a quote; CRLF or LF; a UTF-8 BOM is dropped. Never handed to SheetJS, so
 * no text is ever guessed to be another format (SheetJS reads text starting with "ID;" as SYLK).
 */
export function parseCsvRows(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  let rows: string[][];
  try {
    rows = parseCsv(text, CSV_OPTIONS);
  } catch (error) {
    if (error instanceof CsvError) throw new AppError(400, 'sheet_unreadable');
    throw error;
  }
  if (rows.length > ROWS_TO_READ) throw tooManyRows();
  return rows;
}
