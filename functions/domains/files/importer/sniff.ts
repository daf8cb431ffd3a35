import { QUESTION_SHEET_LIMITS, type SheetExtension } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { inspectZip, isOle, isZip } from '../../../runtime/spreadsheets/zip-guard.js';
import { ROWS_TO_READ, tooManyRows } from './parsed-sheet.js';
import { sheetHasMoreRows, xlsHasMoreRows } from './workbook-rows.js';

/**
 * Checks that the bytes really are what the extension says, before any parser sees them:
 * xlsx is a zip (PK\x03\x04) whose entries inflate to at most maxUncompressedBytes in total,
 * xls is an OLE compound file (D0 CF 11 E0 A1 B1 1A E1); the first sheet of either has at most
 * ROWS_TO_READ rows, counted from its own records (workbook-rows.ts, D286); text sheets (csv, tsv, txt) are checked as
 * they are decoded (`decodeSheetText` in parse.ts).
 */
export function sniffSpreadsheet(bytes: Uint8Array, extension: SheetExtension): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > QUESTION_SHEET_LIMITS.maxFileBytes) {
    throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
  }
  if (buffer.length === 0) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  if (extension === 'xlsx') {
    if (!isZip(buffer)) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
    // Before the guard inflates every entry: a sheet of a million rows stops after ~21,000 of them (D286).
    if (sheetHasMoreRows(buffer, ROWS_TO_READ)) throw tooManyRows();
    try {
      checkZip(buffer);
    } catch (error) {
      // A truncated or self-contradicting archive can send a read past the end: still a bad file.
      if (error instanceof AppError) throw error;
      throw broken();
    }
    return;
  }
  // An Anki package: its reader runs the same zip guard and answers with the deck's own codes.
  if (extension === 'apkg') return;
  if (extension === 'xls') {
    if (!isOle(buffer)) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
    if (xlsHasMoreRows(buffer, ROWS_TO_READ)) throw tooManyRows();
    return;
  }
  // csv, tsv, txt, gift, xml: their readers decode them (UTF-8, UTF-16 with its BOM, CP949) and refuse bytes that are no text.
}

const tooBig = () => new AppError(413, 'sheet_uncompressed_too_large', { limit: '100 MB' });
const broken = () => new AppError(400, 'sheet_not_spreadsheet', { extension: 'xlsx' });

/**
 * Zip-bomb guard (functions/runtime/spreadsheets/zip-guard.ts, shared with the users sheet): the
 * declared sizes must stay under the cap and every entry must inflate to no more than it declares.
 */
export function checkZip(buffer: Buffer): { entries: number; uncompressedBytes: number } {
  const verdict = inspectZip(buffer, QUESTION_SHEET_LIMITS.maxUncompressedBytes);
  if (verdict.ok) return { entries: verdict.entries, uncompressedBytes: verdict.uncompressedBytes };
  if (verdict.reason === 'not_a_zip' || verdict.reason === 'malformed') throw broken();
  throw tooBig();
}
