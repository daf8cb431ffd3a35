import type { ImportPreview } from '#shared/contracts/files.js';
import {
  SHEET_ENCODINGS,
  SHEET_HEADER_MODES,
  SHEET_QUOTE_MODES,
  SHEET_READING_DELIMITERS,
  SHEET_RECORD_DELIMITERS,
  SHEET_TEXT_FORMATS,
  type SheetReading,
} from '#shared/domain/question-sheet.js';

/** One reading choice of the preview: what the learner may set, each left out when detected. */
export type ReadingField = keyof SheetReading;

/** The values each choice offers besides "detected", in the order the controls list them. */
export const READING_OPTIONS = {
  delimiter: SHEET_READING_DELIMITERS,
  record_delimiter: SHEET_RECORD_DELIMITERS,
  quotes: SHEET_QUOTE_MODES.filter((mode) => mode !== 'auto'),
  encoding: SHEET_ENCODINGS,
  header: SHEET_HEADER_MODES.filter((mode) => mode !== 'auto'),
  text_format: SHEET_TEXT_FORMATS.filter((format) => format !== 'auto'),
} as const satisfies { [K in ReadingField]-?: readonly NonNullable<SheetReading[K]>[] };

export const READING_FIELDS = Object.keys(READING_OPTIONS) as ReadingField[];

/**
 * The choices a file kind reads: a text sheet all of them; a workbook or a deck has no delimiter,
 * quotes or encoding of its own, so only whether its first row is a header and how cells are stored.
 */
export function readingFieldsFor(kind: ImportPreview['format']['kind']): ReadingField[] {
  return kind === 'text' ? READING_FIELDS : ['header', 'text_format'];
}

/**
 * The reading a request carries: only what the learner chose. "Detected" and `auto` are left out
 * (the server detects what is absent), and nothing at all when every choice is detected, so a
 * preview nobody touched sends the same body as before the choices existed.
 */
export function readingBody(choice: SheetReading): SheetReading | undefined {
  const body: SheetReading = {};
  for (const field of READING_FIELDS) {
    const value = choice[field];
    if (value === undefined || value === 'auto') continue;
    Object.assign(body, { [field]: value });
  }
  return Object.keys(body).length > 0 ? body : undefined;
}

/** A choice changed: `undefined` (or `auto`) goes back to detection. */
export function withChoice<K extends ReadingField>(
  choice: SheetReading,
  field: K,
  value: SheetReading[K] | undefined,
): SheetReading {
  const next: SheetReading = { ...choice };
  if (value === undefined || value === 'auto') delete next[field];
  else next[field] = value;
  return next;
}

/** Two readings that send the same request. */
export function sameReading(a: SheetReading, b: SheetReading): boolean {
  const left = readingBody(a) ?? {};
  const right = readingBody(b) ?? {};
  return READING_FIELDS.every((field) => left[field] === right[field]);
}

export interface WholeFileCounts {
  records: number;
  questions: number;
  skipped: number;
  ragged: number;
  usualFields: number;
}

/** The whole file's counts from the preview (the server counts every record, never a sample). */
export function wholeFileCounts({ counts }: Pick<ImportPreview, 'counts'>): WholeFileCounts {
  return {
    records: counts.records,
    questions: counts.questions,
    skipped: counts.skipped,
    ragged: counts.ragged,
    usualFields: counts.usual_fields,
  };
}
