import {
  QUESTION_SHEET_LIMITS,
  REPORT_LIST_LIMIT,
  type SheetEncoding,
  type SheetExtension,
  type SkippedRow,
} from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';

/** What every sheet reader gives back (workbook, text, Anki package), the row cap they read to, and the header split. */

/** Rows read past the cap, so a few blank rows inside a full sheet do not cut data off. */
const BLANK_ROW_SLACK = 1_000;
export const ROWS_TO_READ = QUESTION_SHEET_LIMITS.maxRows + 1 + BLANK_ROW_SLACK;

/** How the bytes were read: the importer's result and the preview say it back to the user. */
export interface SheetFormat {
  kind: 'workbook' | 'text' | 'package';
  extension: SheetExtension;
  /** Text sheets: the encoding detected, and whether a byte order mark said so. */
  encoding: SheetEncoding | null;
  bom: boolean;
  /** Text sheets: the field delimiter, and what separates records (`newline` or the character). */
  delimiter: string | null;
  record_delimiter: string | null;
  /**
   * `anki` when the file starts with Anki's `#separator:` / `#html:` / `#columns:` lines; `gift`,
   * `aiken` and `moodle_xml` for the quiz formats (quiz-text.ts, moodle-xml.ts).
   */
  source: 'workbook' | 'anki' | 'delimited' | 'apkg' | 'gift' | 'aiken' | 'moodle_xml';
  /** Anki's `#html:true`: cells were turned from HTML into text. */
  html: boolean;
}

/** A place where the parser read the file more leniently than the CSV standard (RFC 4180) would. */
export interface SheetRepair {
  line: number;
  /**
   * `quote_after_space`: `a, "b"` read as a quoted cell; `quotes_as_text`: this line's quotes read as
   * text, so a quote never closed damages only this record; `cell_over_lines`: a quoted cell runs
   * over this line (a cell holding line breaks, or a lost closing quote that took the lines below).
   */
  kind: 'quote_after_space' | 'quotes_as_text' | 'cell_over_lines';
}

/** A text sheet's whole-file shape: how quotes were read, the usual field count and every record of another. */
export interface TextShape {
  quotes: 'standard' | 'none';
  usual: number;
  ragged: { line: number; fields: number }[];
  /** A reading leaving fewer ragged records than the one used (the preview offers it, never applies it). */
  suggestion?: { delimiter: string; record_delimiter: string; quotes: 'standard' | 'none'; ragged: number };
}

export interface ParsedSheet {
  /** The first non-empty row (or the header an Anki `#columns:` line declared). */
  header: string[];
  /** Its line in the file (1-based); 0 when the header was declared. */
  headerLine: number;
  /** True when the header came from Anki's `#columns:` line (every record is data). */
  declaredHeader: boolean;
  /** Data rows under the header, cells as the parser gave them. */
  rows: unknown[][];
  /** The file line (or sheet row) each data row starts on, 1-based. */
  lines: number[];
  format: SheetFormat;
  repairs: SheetRepair[];
  /** An Anki package: notes not imported as cards and media left behind (anki-package.ts). */
  deck?: { notes: number; cloze_skipped: number; media_skipped: string[] };
  /** Text sheets: field counts over the whole file. */
  shape?: TextShape;
  /** Records the reader did not turn into rows (a Cloze note, an essay question), in file order, all of them. */
  skipped?: ReaderSkip[];
}

/** A record a reader left out: its line, why, and for an unsupported one its type as the file names it. */
export interface ReaderSkip {
  line: number;
  reason: 'unsupported_type' | 'unreadable_record';
  type?: string;
}

/**
 * The report's fields for the records a reader left out: its skipped rows merged in file order
 * with the rows normalizeRows skipped, and the count of each unsupported type.
 */
export function readerReport(
  sheet: ParsedSheet,
  skippedRows: SkippedRow[],
): { skipped_rows: SkippedRow[]; types_skipped?: { name: string; count: number }[] } {
  if (!sheet.skipped?.length) return { skipped_rows: skippedRows };
  const counts = new Map<string, number>();
  for (const s of sheet.skipped) if (s.type !== undefined) counts.set(s.type, (counts.get(s.type) ?? 0) + 1);
  const merged = [...sheet.skipped, ...skippedRows].sort((a, b) => a.line - b.line).slice(0, REPORT_LIST_LIMIT);
  return {
    skipped_rows: merged,
    ...(counts.size ? { types_skipped: [...counts].map(([name, count]) => ({ name, count })) } : {}),
  };
}

export const tooManyRows = () => new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });

/** The first non-empty row is the header; the rows under it are data. */
export function splitHeader(
  all: unknown[][],
  lines: number[],
  format: SheetFormat,
  repairs: SheetRepair[] = [],
): ParsedSheet {
  let headerIndex = all.findIndex((row) => row.some((cell) => String(cell ?? '').trim() !== ''));
  if (headerIndex < 0) headerIndex = 0;
  const header = (all[headerIndex] ?? []).map((cell) => String(cell ?? '').trim());
  return {
    header,
    headerLine: lines[headerIndex] ?? 1,
    declaredHeader: false,
    rows: all.slice(headerIndex + 1),
    lines: lines.slice(headerIndex + 1),
    format,
    repairs,
  };
}
