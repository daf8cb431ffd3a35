import { CsvError, parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import * as XLSX from 'xlsx';
import {
  QUESTION_SHEET_LIMITS,
  SHEET_DELIMITERS,
  TEXT_EXTENSIONS,
  type SheetEncoding,
  type SheetExtension,
} from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';

/** Rows read past the cap, so a few blank rows inside a full sheet do not cut data off. */
const BLANK_ROW_SLACK = 1_000;
const ROWS_TO_READ = QUESTION_SHEET_LIMITS.maxRows + 1 + BLANK_ROW_SLACK;
/** Characters of the text the delimiter is chosen from (its first records). */
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 100;

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
  /** `anki` when the file starts with Anki's `#separator:` / `#html:` / `#columns:` lines. */
  source: 'workbook' | 'anki' | 'delimited' | 'apkg';
  /** Anki's `#html:true`: cells were turned from HTML into text. */
  html: boolean;
}

/** A place where the parser read the file more leniently than the CSV standard (RFC 4180) would. */
export interface SheetRepair {
  line: number;
  kind: 'quote_after_space' | 'quotes_as_text';
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
}

const tooManyRows = () => new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });

/** The first sheet of a workbook (SheetJS), or delimited text (csv-parse) in its detected encoding and delimiter. */
export function parseSheet(bytes: Uint8Array, extension: SheetExtension): ParsedSheet {
  if (TEXT_EXTENSIONS.includes(extension)) return parseTextSheet(bytes, extension);
  // An Anki package is read asynchronously (sql.js): readQuestionSheet does it, no sheet reader does.
  if (extension === 'apkg') throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  const { rows: all, lines: allLines } = parseWorkbookRows(bytes);
  return splitHeader(all, allLines, {
    kind: 'workbook',
    extension,
    encoding: null,
    bom: false,
    delimiter: null,
    record_delimiter: null,
    source: 'workbook',
    html: false,
  });
}

function splitHeader(all: unknown[][], lines: number[], format: SheetFormat, repairs: SheetRepair[] = []): ParsedSheet {
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

function parseWorkbookRows(bytes: Uint8Array): { rows: unknown[][]; lines: number[] } {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: ROWS_TO_READ,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      WTF: false,
    });
  } catch {
    throw new AppError(400, 'sheet_unreadable');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw new AppError(400, 'sheet_unreadable');
  // SheetJS keeps the full range in !fullref when sheetRows cut the sheet short.
  const full = sheet['!fullref'];
  if (full && XLSX.utils.decode_range(full).e.r + 1 > ROWS_TO_READ) throw tooManyRows();
  try {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
    // SheetJS marks each row with its 0-based sheet row (`__rowNum__`, not enumerable).
    const lines = rows.map((row, i) => {
      const n = (row as unknown as { __rowNum__?: number }).__rowNum__;
      return typeof n === 'number' ? n + 1 : i + 1;
    });
    return { rows, lines };
  } catch {
    throw new AppError(400, 'sheet_unreadable');
  }
}

// --- text sheets -------------------------------------------------------------------------------

const notText = (extension: SheetExtension) => new AppError(400, 'sheet_not_spreadsheet', { extension });
// C0 controls other than tab, line feed, vertical tab, form feed and carriage return: binary, not text.
// eslint-disable-next-line no-control-regex -- control characters are what tells binary from text
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

/**
 * The text of a text sheet: a byte order mark names UTF-8 or UTF-16 LE/BE; else strict UTF-8; else
 * CP949 (EUC-KR's superset, what Korean Excel saves, iconv-lite). Bytes that are none of these, or
 * text holding control characters, are not a text sheet.
 */
export function decodeSheetText(
  bytes: Uint8Array,
  extension: SheetExtension,
): { text: string; encoding: SheetEncoding; bom: boolean } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decoded: { text: string; encoding: SheetEncoding; bom: boolean };
  try {
    if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
      decoded = {
        text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buffer.subarray(3)),
        encoding: 'utf-8',
        bom: true,
      };
    } else if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) {
      const little = buffer[0] === 0xff;
      const body = buffer.subarray(2);
      if (body.length % 2 !== 0) throw notText(extension);
      const units = little ? body : Buffer.from(body).swap16();
      decoded = {
        text: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(units),
        encoding: little ? 'utf-16le' : 'utf-16be',
        bom: true,
      };
    } else {
      decoded = utf8OrCp949(buffer, extension);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notText(extension);
  }
  if (BINARY.test(decoded.text)) throw notText(extension);
  return decoded;
}

function utf8OrCp949(
  buffer: Buffer,
  extension: SheetExtension,
): { text: string; encoding: SheetEncoding; bom: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8', bom: false };
  } catch {
    const text = iconv.decode(buffer, 'cp949');
    // iconv-lite writes U+FFFD for bytes CP949 has no character for: then it was not CP949 either.
    if (text.includes('\uFFFD')) throw notText(extension);
    return { text, encoding: 'cp949', bom: false };
  }
}

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

interface Dialect {
  delimiter: string;
  /** `newline`, or the character between records (Quizlet's custom card separator). */
  record: string;
}

/** Field delimiters tried besides {@link SHEET_DELIMITERS}: Quizlet's usual custom term separator. */
const EXTRA_FIELD_DELIMITERS = [' - '];
const RECORD_DELIMITERS = ['newline', ';'];

function dialectOptions(dialect: Dialect): CsvOptions {
  return {
    ...BASE_OPTIONS,
    delimiter: dialect.delimiter,
    record_delimiter: dialect.record === 'newline' ? NEWLINES : dialect.record,
  };
}

interface Record_ {
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
      let records: Record_[];
      try {
        records = parseCsv(cut, { ...dialectOptions(dialect), to: SAMPLE_RECORDS }) as unknown as Record_[];
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

/** Anki's named separators (`#separator:Tab`); anything else is the character itself. */
const ANKI_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

/** Anki's plain-text export header: `#key:value` lines before the first card. */
export function readAnkiHeader(
  text: string,
): { separator: string | null; html: boolean; columns: string[] | null; lines: number; rest: string } | null {
  let offset = 0;
  let lines = 0;
  const found: Record<string, string> = {};
  while (offset < text.length && text[offset] === '#') {
    const end = text.indexOf('\n', offset);
    const line = (end < 0 ? text.slice(offset) : text.slice(offset, end)).replace(/\r$/, '');
    const match = /^#([a-z ]+):(.*)$/i.exec(line);
    if (!match) break;
    found[match[1]!.trim().toLowerCase()] = match[2]!;
    lines++;
    offset = end < 0 ? text.length : end + 1;
  }
  if (
    lines === 0 ||
    !Object.keys(found).some((k) =>
      [
        'separator',
        'html',
        'columns',
        'tags',
        'deck',
        'notetype',
        'guid column',
        'notetype column',
        'deck column',
        'tags column',
      ].includes(k),
    )
  )
    return null;
  const named = found.separator?.trim();
  const separator = named === undefined ? null : (ANKI_SEPARATORS[named.toLowerCase()] ?? named.slice(0, 1)) || null;
  const columns = found.columns === undefined ? null : found.columns.split(separator ?? '\t').map((c) => c.trim());
  return { separator, html: found.html?.trim().toLowerCase() === 'true', columns, lines, rest: text.slice(offset) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Anki's `#html:true` cells as text: line breaks for <br>, <div> and <p>, tags removed, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(div|p|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Delimited text: encoding and delimiter detected, Anki's header lines honoured, each record's line kept. */
export function parseTextSheet(bytes: Uint8Array, extension: SheetExtension): ParsedSheet {
  const { text: decoded, encoding, bom } = decodeSheetText(bytes, extension);
  const anki = readAnkiHeader(decoded);
  const text = anki ? anki.rest : decoded;
  const lineOffset = anki ? anki.lines : 0;
  const dialect = anki?.separator ? { delimiter: anki.separator, record: 'newline' } : detectDialect(text, extension);
  const repairs: SheetRepair[] = [];
  let records: Record_[];
  try {
    records = parseCsv(text, { ...dialectOptions(dialect), to: ROWS_TO_READ + 1 }) as unknown as Record_[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quote opened and never closed, or text after a closing quote: read the quotes as text.
    try {
      records = parseCsv(text, {
        ...dialectOptions(dialect),
        quote: false,
        to: ROWS_TO_READ + 1,
      }) as unknown as Record_[];
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
    rows.push(anki?.html ? record.map(htmlToText) : record);
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
  if (anki?.columns) return { header: anki.columns, headerLine: 0, declaredHeader: true, rows, lines, format, repairs };
  return splitHeader(rows, lines, format, repairs);
}

/** The rows of a text sheet (tests and the preview read them this way). */
export function parseCsvRows(bytes: Uint8Array, extension: SheetExtension = 'csv'): string[][] {
  const sheet = parseTextSheet(bytes, extension);
  return (sheet.declaredHeader ? sheet.rows : [sheet.header, ...sheet.rows]) as string[][];
}

/**
 * The head of a text sheet cut after its last whole line, so the preview parses no half record:
 * a line feed is 0A in UTF-8 and CP949 (never a trail byte there), 0A 00 / 00 0A in UTF-16 LE / BE.
 * A head without any line break is returned as it is.
 */
export function wholeLinesOf(head: Uint8Array): Uint8Array {
  const le = head[0] === 0xff && head[1] === 0xfe;
  const be = head[0] === 0xfe && head[1] === 0xff;
  for (let i = head.length - 1; i >= 0; i--) {
    if (head[i] !== 0x0a) continue;
    if (le && (i % 2 !== 0 || head[i + 1] !== 0x00)) continue;
    if (be && (i % 2 !== 1 || head[i - 1] !== 0x00)) continue;
    return head.subarray(0, le ? i + 2 : i + 1);
  }
  return head;
}
