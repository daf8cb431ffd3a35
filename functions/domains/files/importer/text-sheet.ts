import type { SheetExtension, SheetReading } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { ankiTextSheet, readAnkiHeader } from './anki-text.js';
import {
  ROWS_TO_READ,
  splitHeader,
  tooManyRows,
  type ParsedSheet,
  type SheetFormat,
  type SheetRepair,
  type TextShape,
} from './parsed-sheet.js';
import { anomalies, candidateDialects, guessDialect, readingScore } from './text-dialect.js';
import { readRecords, type Dialect, type TextReading } from './text-records.js';
import { decodeSheetText } from './text-encoding.js';

const dialectKey = (d: Dialect) => `${d.delimiter}\u0000${d.record}\u0000${d.quotes}`;

/**
 * The reading of `text`: the first guess from its head, and when that leaves doubtful records over
 * the whole file, the candidate that fits the whole file best (the learner's choices stay fixed).
 * With `suggest`, also the reading among all candidates leaving fewest doubtful records, when it
 * leaves fewer ragged ones than the reading used.
 */
function chooseReading(
  text: string,
  candidates: readonly Dialect[],
  everything: readonly Dialect[],
  suggest: boolean,
): { chosen: TextReading; suggestion: TextReading | null } {
  const read = new Map<string, TextReading>();
  const readOf = (dialect: Dialect) => {
    const key = dialectKey(dialect);
    let reading = read.get(key);
    if (!reading) {
      reading = readRecords(text, dialect, ROWS_TO_READ);
      read.set(key, reading);
    }
    return reading;
  };
  let chosen = readOf(candidates.length > 1 ? guessDialect(text, candidates, readOf) : candidates[0]!);
  // Reading quotes as text costs a split; a standard reading of another delimiter (a csv-parse
  // pass) is tried only when that delimiter's split, its quote marks forgiven, could beat it.
  const worthReading = (dialect: Dialect) => {
    if (dialect.quotes === 'none' || read.has(dialectKey(dialect))) return true;
    const split = readOf({ ...dialect, quotes: 'none' });
    return split.usual >= 2 && readingScore(split) + 2 * split.quoteMarks.length > readingScore(chosen);
  };
  if (anomalies(chosen) > 0) {
    for (const dialect of candidates) {
      if (!worthReading(dialect)) continue;
      const other = readOf(dialect);
      if (readingScore(other) > readingScore(chosen)) chosen = other;
    }
  }
  if (!suggest || chosen.ragged.length === 0) return { chosen, suggestion: null };
  let best: TextReading | null = null;
  for (const dialect of everything) {
    if (!worthReading(dialect)) continue;
    const other = readOf(dialect);
    if (other.usual < 2) continue;
    if (
      !best ||
      anomalies(other) < anomalies(best) ||
      (anomalies(other) === anomalies(best) && readingScore(other) > readingScore(best))
    )
      best = other;
  }
  const fewer = best && best.ragged.length < chosen.ragged.length && anomalies(best) < anomalies(chosen);
  return { chosen, suggestion: fewer ? best : null };
}

/**
 * Delimited text: encoding, delimiter and quoting detected over the whole file unless the learner
 * chose them, records separated by line breaks (unless chosen otherwise), Anki's header lines
 * honoured, each record's line kept, and every record of an unusual width listed.
 */
export function parseTextSheet(
  bytes: Uint8Array,
  extension: SheetExtension,
  reading: SheetReading = {},
  options: { suggest?: boolean } = {},
): ParsedSheet {
  const { text: decoded, encoding, bom } = decodeSheetText(bytes, extension, reading.encoding);
  const anki = readAnkiHeader(decoded);
  const text = anki ? anki.rest : decoded;
  const lineOffset = anki ? anki.lines : 0;
  const declared = anki?.separator ?? null;
  const candidates = candidateDialects(text, extension, reading, declared);
  if (candidates.length === 0) throw new AppError(400, 'sheet_unreadable');
  const everything = candidateDialects(text, extension, { record_delimiter: reading.record_delimiter }, declared);
  const { chosen, suggestion } = chooseReading(text, candidates, everything, options.suggest ?? false);
  if (chosen.truncated) throw tooManyRows();
  const { dialect } = chosen;
  const custom = dialect.record !== 'newline';
  const at = (line: number) => (custom ? line : lineOffset + line);
  const repairs: SheetRepair[] = [...chosen.contained, ...chosen.quoteMarks].map((line) => ({
    line: at(line),
    kind: 'quotes_as_text',
  }));
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { cells, line, spaced, lines: over } of chosen.records) {
    // Anki's `#html:true` fields are turned into text by ankiTextSheet, which knows which columns are fields.
    rows.push(cells);
    lines.push(at(line));
    if (spaced) repairs.push({ line: at(line), kind: 'quote_after_space' });
    for (let k = 0; k < (over ?? 0); k++) repairs.push({ line: at(line + k), kind: 'cell_over_lines' });
  }
  const format: SheetFormat = {
    kind: 'text',
    extension,
    encoding,
    bom,
    delimiter: dialect.delimiter,
    record_delimiter: dialect.record,
    source: anki ? 'anki' : 'delimited',
    html: anki?.html ?? false,
  };
  const shape: TextShape = {
    quotes: dialect.quotes,
    usual: chosen.usual,
    ragged: chosen.ragged.map((r) => ({ line: at(r.line), fields: r.fields })),
    ...(suggestion
      ? {
          suggestion: {
            delimiter: suggestion.dialect.delimiter,
            record_delimiter: suggestion.dialect.record,
            quotes: suggestion.dialect.quotes,
            ragged: suggestion.ragged.length,
          },
        }
      : {}),
  };
  repairs.sort((a, b) => a.line - b.line);
  if (anki) return { ...ankiTextSheet(anki, rows, lines, format, repairs), shape };
  return { ...splitHeader(rows, lines, format, repairs), shape };
}

/** The rows of a text sheet (tests and the preview read them this way). */
export function parseCsvRows(bytes: Uint8Array, extension: SheetExtension = 'csv'): string[][] {
  const sheet = parseTextSheet(bytes, extension);
  return (sheet.declaredHeader ? sheet.rows : [sheet.header, ...sheet.rows]) as string[][];
}
