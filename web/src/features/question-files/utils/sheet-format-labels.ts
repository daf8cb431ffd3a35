import type { ImportReport } from '#shared/contracts/files.js';
import {
  SHEET_DELIMITERS,
  SHEET_ENCODINGS,
  SHEET_EXTENSIONS,
  type SheetEncoding,
} from '#shared/domain/question-sheet.js';

/** The extensions the server accepts, as the file input's `accept` and as text (`.xlsx, .xls, …`). */
export const ACCEPTED_EXTENSIONS = SHEET_EXTENSIONS.map((ext) => `.${ext}`);
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_EXTENSIONS,
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/xml',
  'text/xml',
].join(',');

const DELIMITER_KEYS: Record<string, string> = {
  ',': 'comma',
  '\t': 'tab',
  ';': 'semicolon',
  '|': 'pipe',
  ' - ': 'dash',
  newline: 'newline',
  '\n\n': 'blankLine',
};

/** The translation key of a delimiter, or null for one shown as written (a custom separator). */
export function delimiterKey(delimiter: string): string | null {
  const key = DELIMITER_KEYS[delimiter];
  return key ? `questionFiles.delimiters.${key}` : null;
}

export const ACCEPTED_DELIMITERS = SHEET_DELIMITERS;
export const ACCEPTED_ENCODINGS = SHEET_ENCODINGS;

const ENCODING_LABELS: Record<SheetEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  cp949: 'CP949 (EUC-KR)',
};
export function encodingLabel(encoding: SheetEncoding): string {
  return ENCODING_LABELS[encoding];
}

export type SheetFormat = ImportReport['format'];

/** The translation key of a reading choice's value (`delimiters.*` for delimiters, `preview.reading.values.*` otherwise). */
export function readingValueKey(field: 'quotes' | 'header' | 'text_format', value: string): string {
  return `questionFiles.preview.reading.values.${field}.${value}`;
}
