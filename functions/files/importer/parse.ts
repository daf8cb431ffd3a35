import * as XLSX from 'xlsx';
import { QUESTION_SHEET_LIMITS, type SheetExtension } from '../../../shared/domain/question-sheet.js';
import { AppError } from '../../lib/http/app-error.js';

/** Rows read past the cap, so a few blank rows inside a full sheet do not cut data off. */
const BLANK_ROW_SLACK = 1_000;
const ROWS_TO_READ = QUESTION_SHEET_LIMITS.maxRows + 1 + BLANK_ROW_SLACK;

export interface ParsedSheet {
  header: string[];
  /** Data rows under the header, cells as the parser gave them. */
  rows: unknown[][];
}

const tooManyRows = () => new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });

/** The first sheet of a workbook (SheetJS) or a UTF-8 CSV (our RFC 4180 reader) as rows. */
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

/**
 * RFC 4180 CSV: comma separated, double quotes around fields that hold commas, quotes or line
 * breaks, "" for a quote; CRLF or LF; a UTF-8 BOM is dropped. Our own reader, so no text is ever
 * guessed to be another format (SheetJS reads text starting with "ID;" as SYLK, for one).
 */
export function parseCsvRows(bytes: Uint8Array): string[][] {
  let text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (row.some((cell) => cell !== '')) {
      rows.push(row);
      if (rows.length > ROWS_TO_READ) throw tooManyRows();
    }
    row = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) throw new AppError(400, 'sheet_unreadable');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
