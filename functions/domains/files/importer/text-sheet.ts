import { CsvError, parse as parseCsv } from 'csv-parse/sync';
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
} from './parsed-sheet.js';
import { detectDialect, dialectOptions, type CsvRecord } from './text-dialect.js';
import { decodeSheetText } from './text-encoding.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Delimited text: encoding and delimiter detected, Anki's header lines honoured, each record's line kept. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the reading is honoured by the dialect work that follows
export function parseTextSheet(bytes: Uint8Array, extension: SheetExtension, reading: SheetReading = {}): ParsedSheet {
  const { text: decoded, encoding, bom } = decodeSheetText(bytes, extension);
  const anki = readAnkiHeader(decoded);
  const text = anki ? anki.rest : decoded;
  const lineOffset = anki ? anki.lines : 0;
  const dialect = anki?.separator ? { delimiter: anki.separator, record: 'newline' } : detectDialect(text, extension);
  const repairs: SheetRepair[] = [];
  let records: CsvRecord[];
  try {
    records = parseCsv(text, { ...dialectOptions(dialect), to: ROWS_TO_READ + 1 }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quote opened and never closed, or text after a closing quote: read the quotes as text.
    try {
      records = parseCsv(text, {
        ...dialectOptions(dialect),
        quote: false,
        to: ROWS_TO_READ + 1,
      }) as unknown as CsvRecord[];
    } catch {
      throw new AppError(400, 'sheet_unreadable');
    }
    repairs.push({ line: lineOffset + ((error as CsvError & { lines?: number }).lines ?? 1), kind: 'quotes_as_text' });
  }
  if (records.length > ROWS_TO_READ) throw tooManyRows();
  const spaceQuote = new RegExp(`(?:^|${escapeRegExp(dialect.delimiter)})[ \\t]+"`);
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { record, raw, info } of records) {
    let line: number;
    if (dialect.record === 'newline') {
      const inner = raw.replace(/(\r\n|\n|\r)$/, '').match(/\r\n|\n|\r/g)?.length ?? 0;
      line = lineOffset + info.lines - inner;
    } else {
      line = lineOffset + info.records;
    }
    rows.push(record);
    lines.push(line);
    if (spaceQuote.test(raw)) repairs.push({ line, kind: 'quote_after_space' });
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
  if (anki) return ankiTextSheet(anki, rows, lines, format, repairs);
  return splitHeader(rows, lines, format, repairs);
}

/** The rows of a text sheet (tests and the preview read them this way). */
export function parseCsvRows(bytes: Uint8Array, extension: SheetExtension = 'csv'): string[][] {
  const sheet = parseTextSheet(bytes, extension);
  return (sheet.declaredHeader ? sheet.rows : [sheet.header, ...sheet.rows]) as string[][];
}
