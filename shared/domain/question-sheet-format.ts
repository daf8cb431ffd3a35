import type { QuestionColumn } from './question-sheet-columns.js';

/** The question spreadsheet's limits, the file types read and written, and text-sheet delimiters and encodings. */

export const QUESTION_SHEET_LIMITS = {
  /** Bytes of the uploaded file (413 above). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Sum of a zip's uncompressed entry sizes, checked before parsing (zip bombs; 413 above). */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Data rows below the header (400 above). */
  maxRows: 20_000,
  /** Characters in one cell (400 above); keeps every question item far below DynamoDB's 400 KB. */
  maxCellChars: 10_000,
  /** Characters of a file name. */
  maxFileNameChars: 200,
  /** Columns of a row (400 above). */
  maxColumns: 200,
  /**
   * Choices of one question (Option 1..20 columns, or an options cell): the take-exam screen lists
   * them as `1)`..`20)` lines; further choices are kept in the explanation, not dropped.
   */
  maxChoices: 20,
} as const;

export const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv', 'tsv', 'txt', 'apkg'] as const;
/** What a question file or an exam downloads as: a workbook, UTF-8 CSV, or Anki's plain-text import format. */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * The column order of an export: question and answer first (Anki's Front and Back), then the rest
 * of the format; the headers are {@link COLUMN_LABELS}, which the importer maps back.
 */
export const EXPORT_COLUMNS: readonly QuestionColumn[] = [
  'content',
  'answer',
  'explanation',
  'csv_id',
  'title',
  'difficulty',
  'url',
  'group_id',
];
export type SheetExtension = (typeof SHEET_EXTENSIONS)[number];
/** Extensions read as delimited text (delimiter and encoding detected); the others are workbooks. */
export const TEXT_EXTENSIONS: readonly SheetExtension[] = ['csv', 'tsv', 'txt'];
/** Delimiters a text sheet may use, detected from a sample (Anki's `#separator:` names one outright). */
export const SHEET_DELIMITERS = [',', '\t', ';', '|'] as const;
/** Encodings a text sheet is read in: UTF-8 (BOM or not), UTF-16 with its BOM (Excel's "Unicode text"), CP949/EUC-KR. */
export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'cp949'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];
