import { parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import { SHEET_DELIMITERS, type SheetExtension } from '#shared/domain/question-sheet.js';

/** How a text sheet is delimited: csv-parse's options, and the field and record delimiters chosen from a sample. */

/** Characters of the text the delimiter is chosen from (its first records). */
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 100;

/** csv-parse's options for every text sheet: RFC 4180 with the leniency spreadsheet programs need. */
const BASE_OPTIONS: CsvOptions = {
  // Rows may be ragged; the importer keeps cells past the header as extra columns.
  relax_column_count: true,
  // A quote inside an unquoted field is a character, as spreadsheet programs write it.
  relax_quotes: true,
  // `question, "a, b, c"`: a quoted field after a space is still one quoted field.
  ltrim: true,
  rtrim: true,
  // Blank lines and rows of empty cells are not data.
  skip_records_with_empty_values: true,
  info: true,
  raw: true,
};
const NEWLINES = ['\r\n', '\n', '\r'];

export interface Dialect {
  delimiter: string;
  /** `newline`, or the character between records (Quizlet's custom card separator). */
  record: string;
}

/** Field delimiters tried besides {@link SHEET_DELIMITERS}: Quizlet's usual custom term separator. */
const EXTRA_FIELD_DELIMITERS = [' - '];
const RECORD_DELIMITERS = ['newline', ';'];

export function dialectOptions(dialect: Dialect): CsvOptions {
  return {
    ...BASE_OPTIONS,
    delimiter: dialect.delimiter,
    record_delimiter: dialect.record === 'newline' ? NEWLINES : dialect.record,
  };
}

export interface CsvRecord {
  record: string[];
  raw: string;
  info: { lines: number; records: number };
}

/**
 * Chooses the delimiter from a sample: csv-parse reads the first records with each candidate, and
 * the one giving the most records of one width (two or more cells) wins; ties go to the extension's
 * own delimiter (tab for .tsv and .txt, comma for .csv).
 */
export function detectDialect(text: string, extension: SheetExtension): Dialect {
  const cut = text.length > SAMPLE_CHARS ? text.slice(0, Math.max(text.lastIndexOf('\n', SAMPLE_CHARS), 1)) : text;
  const preferred = extension === 'csv' ? ',' : '\t';
  const fields = [preferred, ...SHEET_DELIMITERS.filter((d) => d !== preferred), ...EXTRA_FIELD_DELIMITERS];
  let best: { dialect: Dialect; score: number } | null = null;
  for (const record of RECORD_DELIMITERS) {
    for (const delimiter of fields) {
      if (delimiter === record) continue;
      const dialect = { delimiter, record };
      let records: CsvRecord[];
      try {
        records = parseCsv(cut, { ...dialectOptions(dialect), to: SAMPLE_RECORDS }) as unknown as CsvRecord[];
      } catch {
        continue;
      }
      const widths = records.map((r) => r.record.length);
      const counts = new Map<number, number>();
      for (const w of widths) counts.set(w, (counts.get(w) ?? 0) + 1);
      let mode = 0;
      let frequency = 0;
      for (const [w, n] of counts) if (n > frequency || (n === frequency && w > mode)) [mode, frequency] = [w, n];
      if (mode < 2) continue;
      // Consistent records count; a newline-separated reading is preferred over a custom one.
      const score = frequency - (record === 'newline' ? 0 : 0.5) - (records.length - frequency) * 0.5;
      if (!best || score > best.score) best = { dialect, score };
    }
  }
  return best?.dialect ?? { delimiter: preferred, record: 'newline' };
}
