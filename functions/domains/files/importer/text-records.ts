import { CsvError, parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';

/**
 * How a text sheet is read in one dialect: csv-parse's options, a reader that keeps a damaged
 * record to its own line, and the whole file's field counts. The choice of dialect: text-dialect.ts.
 */

/** Re-reads after a damaged record before the rest of the file is read with quotes as text. */
const MAX_RESYNCS = 20;

/** csv-parse's options for every text sheet: RFC 4180 with the leniency spreadsheet programs need. */
const BASE_OPTIONS: CsvOptions = {
  // Rows may be ragged; the importer keeps cells past the header as extra columns.
  relax_column_count: true,
  // A quote inside an unquoted field is a character, as spreadsheet programs write it.
  relax_quotes: true,
  // `question, "a, b, c"`: a quoted field after a space is still one quoted field.
  ltrim: true,
  rtrim: true,
  // Blank lines are not data; records of blank cells are left out by the reader (a quoted one over
  // several lines is listed first).
  skip_empty_lines: true,
  raw: true,
};
const NEWLINES = ['\r\n', '\n', '\r'];
const NEWLINE = /\r\n|\n|\r/g;

export interface Dialect {
  delimiter: string;
  /** `newline`, or what the learner said separates records (Quizlet's custom card separator). */
  record: string;
  /** `standard`: RFC 4180 quotes (with the slips above tolerated); `none`: every quote is a character. */
  quotes: 'standard' | 'none';
}

export function dialectOptions(dialect: Dialect): CsvOptions {
  return {
    ...BASE_OPTIONS,
    delimiter: dialect.delimiter,
    record_delimiter: dialect.record === 'newline' ? NEWLINES : dialect.record,
    ...(dialect.quotes === 'none' ? { quote: false } : {}),
  };
}

/** A record as csv-parse gives it with `raw`, and where it ended (line) and its number. */
interface CsvRecord {
  record: string[];
  raw: string;
  lines: number;
  records: number;
}

const isRaw = (r: unknown): r is { record: string[]; raw: string } =>
  typeof r === 'object' && r !== null && 'record' in r && 'raw' in r;

/** csv-parse over `text`, each record collected into `got` as it is read (those read before an error stay). */
function collect(text: string, options: CsvOptions, got: CsvRecord[]): void {
  parseCsv(text, {
    ...options,
    on_record: (record: unknown, context: { lines: number; records: number }) => {
      if (isRaw(record))
        got.push({ record: record.record, raw: record.raw, lines: context.lines, records: context.records });
      return null;
    },
  });
}

/** One record of a text sheet: its cells and the (1-based) line it starts on, or its number for custom record separators. */
export interface TextRecord {
  cells: string[];
  line: number;
  /** A quoted cell opened after a space (`question, "a, b"`): read as one quoted cell, reported as a repair. */
  spaced?: true;
  /** A record over several lines (a quoted cell holding line breaks): how many, each listed. */
  lines?: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole-file reading: its records, the lines read with quotes as text (a damaged record kept to its line), and its field counts. */
export interface TextReading {
  dialect: Dialect;
  records: TextRecord[];
  /** Lines whose quotes were read as text because a quoted field there would have swallowed the lines below. */
  contained: number[];
  /** The usual field count (most frequent), and every record of another count. */
  usual: number;
  ragged: { line: number; fields: number }[];
  /** Quotes read as text: lines of records with a cell opening with a quote, which standard quoting would have read as quoted. */
  quoteMarks: number[];
  /** The first record (a header, often) is of another width than the usual one. */
  firstRagged: boolean;
  /** More than `limit` records: the file holds too many. */
  truncated: boolean;
}

/** Offsets where each physical line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(NEWLINE)) starts.push(match.index + match[0].length);
  return starts;
}

/** Line breaks inside a record's raw text (not the one ending it); most records have none, found without a regex. */
function innerBreaks(raw: string): number {
  const end = raw.length - (raw.endsWith('\r\n') ? 2 : raw.endsWith('\n') || raw.endsWith('\r') ? 1 : 0);
  const lf = raw.indexOf('\n');
  const cr = raw.indexOf('\r');
  if ((lf < 0 || lf >= end) && (cr < 0 || cr >= end)) return 0;
  return raw.slice(0, end).match(NEWLINE)?.length ?? 0;
}

function mode(values: Iterable<number>): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = 0;
  let frequency = 0;
  // Ties go to the width seen first (the header's, in a short file).
  for (const [v, n] of counts) if (n > frequency) [best, frequency] = [v, n];
  return best;
}

/**
 * A record spanning several lines whose width differs from the usual one: a lone quote swallowed
 * the lines below, so it is contained to its first line. One of the usual width stays one record,
 * but every line of it is listed: the same bytes read as a cell holding line breaks or as a lost
 * closing quote that took the records below into one cell, and only the learner can tell.
 */
function damagedSpan(record: CsvRecord, usual: number): boolean {
  return usual >= 2 && record.record.length !== usual;
}

/** One line's cells with its quotes read as text, or null when they are all blank. */
function lineAsText(line: string, options: CsvOptions): string[] | null {
  const got: CsvRecord[] = [];
  collect(line, { ...options, quote: false }, got);
  const cells = got[0]?.record;
  return cells && cells.some((cell) => cell.trim() !== '') ? cells : null;
}

/**
 * Reads every record of `text` (up to `limit`). With standard quotes, a record that csv-parse
 * cannot close, or that swallowed following lines with the wrong width, is contained: its first
 * line is read with quotes as text and reading starts again at the next line, so one unbalanced
 * quote damages one record, not the rest of the file.
 */
export function readRecords(text: string, dialect: Dialect, limit: number): TextReading {
  if (dialect.quotes === 'none' || !text.includes('"')) return splitRecords(text, dialect, limit);
  const options = dialectOptions(dialect);
  const spaceQuote =
    dialect.quotes === 'standard'
      ? new RegExp(`(?:^|${escapeRegExp(dialect.delimiter)})${dialect.delimiter === '\t' ? ' ' : '[ \\t]'}+"`)
      : null;
  const newline = dialect.record === 'newline';
  const records: TextRecord[] = [];
  const contained: number[] = [];
  const starts = newline && dialect.quotes === 'standard' ? lineStarts(text) : null;
  let usual = 0;
  let from = 0;
  let resyncs = 0;
  for (;;) {
    const got: CsvRecord[] = [];
    const chunk = from === 0 ? text : text.slice(starts![from]);
    let failed = false;
    const quoteless = starts !== null && resyncs >= MAX_RESYNCS;
    try {
      collect(chunk, quoteless ? { ...options, quote: false } : options, got);
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      // Records separated otherwise than by line breaks: no line to resync at, so quotes are read as text.
      if (!starts)
        return {
          ...readRecords(text, { ...dialect, quotes: 'none' }, limit),
          contained: [records.length + got.length + 1],
        };
      failed = true;
    }
    if (quoteless && got.length) contained.push(from + 1);
    if (!usual) usual = mode(got.filter((r) => innerBreaks(r.raw) === 0).map((r) => r.record.length));
    let damaged = -1;
    for (const r of got) {
      const inner = innerBreaks(r.raw);
      const line = newline ? from + r.lines - inner : r.records;
      if (starts && inner > 0 && damagedSpan(r, usual)) {
        damaged = line - 1;
        break;
      }
      if (starts && inner > 0) {
        records.push({ cells: r.record, line, lines: inner + 1 });
        continue;
      }
      if (r.record.every((cell) => cell.trim() === '')) continue;
      const spaced = spaceQuote !== null && (r.raw.includes(' "') || r.raw.includes('\t"')) && spaceQuote.test(r.raw);
      records.push(spaced ? { cells: r.record, line, spaced } : { cells: r.record, line });
    }
    if (damaged < 0 && failed) {
      // The record csv-parse could not close starts on the first line with text after the last record read.
      const last = got.at(-1);
      damaged = last ? from + last.lines : from;
      while (damaged < starts!.length - 1 && text.slice(starts![damaged], starts![damaged + 1]).trim() === '')
        damaged++;
    }
    if (damaged < 0 || !starts || damaged >= starts.length) break;
    const lineCells = lineAsText(text.slice(starts[damaged], starts[damaged + 1] ?? text.length), options);
    if (lineCells) records.push({ cells: lineCells, line: damaged + 1 });
    contained.push(damaged + 1);
    from = damaged + 1;
    resyncs++;
    if (from >= starts.length - 1 && text.slice(starts[from] ?? text.length).trim() === '') break;
  }
  return shapeOf(dialect, records, contained, limit);
}

/**
 * Reading quotes as text, a record is its line (or the text between the learner's record
 * separators) split at the delimiter, cells trimmed, blank records left out: what csv-parse gives
 * with `quote: false`, at the cost of a native split (the preview reads whole files).
 */
function splitRecords(text: string, dialect: Dialect, limit: number): TextReading {
  const parts = dialect.record === 'newline' ? text.split(NEWLINE) : text.split(dialect.record);
  const records: TextRecord[] = [];
  for (let i = 0; i < parts.length && records.length <= limit; i++) {
    const cells = parts[i]!.split(dialect.delimiter).map((cell) => cell.trim());
    if (cells.every((cell) => cell === '')) continue;
    records.push({ cells, line: dialect.record === 'newline' ? i + 1 : records.length + 1 });
  }
  return shapeOf(dialect, records, [], limit);
}

/** The whole-file shape of a reading: the usual field count (most frequent) and every record of another. */
function shapeOf(dialect: Dialect, records: TextRecord[], contained: number[], limit: number): TextReading {
  const truncated = records.length > limit;
  if (truncated) records.length = limit + 1;
  const wholeUsual = mode(records.map((r) => r.cells.length));
  const ragged = records
    .filter((r) => r.cells.length !== wholeUsual)
    .map((r) => ({ line: r.line, fields: r.cells.length }));
  const quoteMarks =
    dialect.quotes === 'none'
      ? records.filter((r) => r.cells.some((cell) => cell.trimStart().startsWith('"'))).map((r) => r.line)
      : [];
  const firstRagged = records.length > 0 && records[0]!.cells.length !== wholeUsual;
  return { dialect, records, contained, usual: wholeUsual, ragged, quoteMarks, firstRagged, truncated };
}
