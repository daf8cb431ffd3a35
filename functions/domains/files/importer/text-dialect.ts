import { SHEET_READING_DELIMITERS, type SheetExtension, type SheetReading } from '#shared/domain/question-sheet.js';
import { readRecords, type Dialect, type TextReading } from './text-records.js';

/**
 * Which dialect a text sheet is read in: the candidates (the learner's choices fixed), how a
 * reading of the whole file is scored, and the first guess from its head.
 */

/** Characters of the text the first guess is made from (its first records). */
const SAMPLE_CHARS = 64 * 1024;

/** The field delimiters tried, the extension's own first (tab for .tsv and .txt, comma for .csv). */
function delimitersFor(extension: SheetExtension): string[] {
  const preferred = extension === 'csv' ? ',' : '\t';
  return [preferred, ...SHEET_READING_DELIMITERS.filter((d) => d !== preferred)];
}

/**
 * The readings worth trying for `reading`: the learner's choices fixed, every other choice varied
 * (field delimiters present in the text, quotes standard then as text). Records are separated by
 * line breaks unless the learner or the file's own header says otherwise.
 */
export function candidateDialects(
  text: string,
  extension: SheetExtension,
  reading: SheetReading,
  declaredDelimiter: string | null,
): Dialect[] {
  const record = reading.record_delimiter ?? 'newline';
  const delimiters = reading.delimiter
    ? [reading.delimiter]
    : declaredDelimiter
      ? [declaredDelimiter]
      : delimitersFor(extension).filter((d, i) => i === 0 || text.includes(d));
  const quotes: Dialect['quotes'][] =
    reading.quotes === 'none' ? ['none'] : reading.quotes === 'standard' ? ['standard'] : ['standard', 'none'];
  return quotes.flatMap((q) =>
    delimiters.filter((d) => d !== record).map((delimiter) => ({ delimiter, record, quotes: q })),
  );
}

/**
 * What a reading leaves doubtful: ragged records, lines whose quotes were read as text to contain
 * a damaged record, and (reading quotes as text) records whose cells open with a quote.
 */
export function anomalies(read: Pick<TextReading, 'ragged' | 'contained' | 'quoteMarks' | 'firstRagged'>): number {
  // A first record of another width counts twice: a header is the file's width, more often than not.
  return read.ragged.length + read.contained.length + read.quoteMarks.length + (read.firstRagged ? 1 : 0);
}

/** How well a reading fits the whole file: records count, doubtful ones against; a reading of fewer than two fields per record does not fit. */
export function readingScore(
  read: Pick<TextReading, 'records' | 'ragged' | 'contained' | 'quoteMarks' | 'firstRagged' | 'usual'>,
): number {
  if (read.usual < 2) return -Infinity;
  return read.records.length - 2 * anomalies(read);
}

/**
 * The first guess among `candidates`, from the first records: the reading whose records most often
 * share one width of two or more fields; ties go to the earlier candidate (the extension's own
 * delimiter, standard quotes).
 */
export function guessDialect(
  text: string,
  candidates: readonly Dialect[],
  whole?: (dialect: Dialect) => TextReading,
): Dialect {
  const small = text.length <= SAMPLE_CHARS;
  const cut = small ? text : text.slice(0, Math.max(text.lastIndexOf('\n', SAMPLE_CHARS), 1));
  // A text no longer than the head is read whole once: the guess keeps those readings.
  const readOf = (dialect: Dialect) => (small && whole ? whole(dialect) : readRecords(cut, dialect, 200));
  let best: { dialect: Dialect; score: number } | null = null;
  for (const dialect of candidates) {
    const score = readingScore(readOf(dialect));
    if (!best || score > best.score) best = { dialect, score };
  }
  return best?.dialect ?? candidates[0]!;
}

/** The delimiter `text` is read with when nothing is chosen (tests and the first guess). */
export function detectDialect(text: string, extension: SheetExtension): Dialect {
  return guessDialect(text, candidateDialects(text, extension, {}, null));
}
