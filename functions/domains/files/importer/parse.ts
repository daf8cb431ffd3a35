import { TEXT_EXTENSIONS, type SheetExtension, type SheetReading } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { restoreOwnExport } from './export-marker.js';
import type { ParsedSheet } from './parsed-sheet.js';
import { parseQuizFile } from './quiz-text.js';
import { parseTextSheet } from './text-sheet.js';
import { parseWorkbookSheet } from './workbook-parse.js';

/**
 * The first sheet of a workbook (SheetJS), a quiz file (GIFT, Aiken, Moodle XML: quiz-text.ts), or
 * delimited text (csv-parse) in its detected encoding and delimiter.
 */
export function parseSheet(
  bytes: Uint8Array,
  extension: SheetExtension,
  reading: SheetReading = {},
  options: { suggest?: boolean } = {},
): ParsedSheet {
  const quiz = parseQuizFile(bytes, extension, reading);
  if (quiz) return quiz;
  if (TEXT_EXTENSIONS.includes(extension)) return restoreOwnExport(parseTextSheet(bytes, extension, reading, options));
  // An Anki package is read asynchronously (sql.js): readQuestionSheet does it, no sheet reader does.
  if (extension === 'apkg') throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  return parseWorkbookSheet(bytes, extension);
}
