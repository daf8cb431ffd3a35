import * as z from 'zod/mini';
import { QUESTION_SHEET_LIMITS, SHEET_EXTENSIONS, type SheetExtension } from './question-sheet-format.js';

/**
 * The question spreadsheet format (docs/product.md#question-files): which headers mean which
 * column (question-sheet-columns.ts), how data rows become questions (question-sheet-rows.ts, question-sheet-compose.ts), the
 * limits and file types (question-sheet-format.ts) and the file name rules below. Pure rules, shared by
 * the importer and the web screen's format example; parsing the bytes is the importer's job.
 */
export * from './question-sheet-columns.js';
export * from './question-sheet-format.js';
export * from './question-sheet-rows.js';
export { questionTextFormat, titleFromContent } from './question-sheet-compose.js';
export { cleanUrl } from './question-url.js';
export * from './question-sheet-choices.js';

/** A file name as stored: the base name, control characters removed, a known extension required. */
export function sheetExtension(fileName: string): SheetExtension | null {
  const match = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return (SHEET_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as SheetExtension) : null;
}

export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return (
    base
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what a file name must not keep
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
  );
}

/** A file name the API accepts: 1–200 characters, no path, a sheet extension (SHEET_EXTENSIONS). A factory: nothing is built at import (D99). */
export const sheetFileNameSchema = () =>
  z.pipe(
    z.pipe(z.string(), z.transform(cleanFileName)),
    z.string().check(
      z.minLength(1),
      z.maxLength(QUESTION_SHEET_LIMITS.maxFileNameChars),
      z.refine((name) => sheetExtension(name) !== null, {
        message: 'extension must be .xlsx, .xls, .csv, .tsv, .txt or .apkg',
      }),
    ),
  );
