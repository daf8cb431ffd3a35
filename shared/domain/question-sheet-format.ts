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

/**
 * What an upload may be: workbooks, delimited text, an Anki package, Moodle's GIFT text and Moodle
 * XML (a `.txt` in GIFT or Aiken shape is read as such, importer/quiz-text.ts).
 */
export const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv', 'tsv', 'txt', 'apkg', 'gift', 'xml'] as const;
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
/** Extensions read as text (encoding detected; a preview reads their head); the others are workbooks, decks and XML. */
export const TEXT_EXTENSIONS: readonly SheetExtension[] = ['csv', 'tsv', 'txt', 'gift'];
/** Delimiters a text sheet may use, detected from a sample (Anki's `#separator:` names one outright). */
export const SHEET_DELIMITERS = [',', '\t', ';', '|'] as const;
/** Encodings a text sheet is read in: UTF-8 (BOM or not), UTF-16 with its BOM (Excel's "Unicode text"), CP949/EUC-KR. */
export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'cp949'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];

/**
 * How quotes in a text sheet are read: `auto` picks the reading that leaves fewest anomalies over
 * the whole file; `standard` is RFC 4180 with the common writers' slips tolerated (a space before an
 * opening quote, a quote inside an unquoted cell); `none` reads every quote as a character.
 */
export const SHEET_QUOTE_MODES = ['auto', 'standard', 'none'] as const;
export type SheetQuoteMode = (typeof SHEET_QUOTE_MODES)[number];
/** Whether the first record is a header: detected by its shape (`auto`), or said by the learner. */
export const SHEET_HEADER_MODES = ['auto', 'yes', 'no'] as const;
export type SheetHeaderMode = (typeof SHEET_HEADER_MODES)[number];
/** How cell text is stored: Markdown only where the cell holds what only Markdown means (`auto`), or always one. */
export const SHEET_TEXT_FORMATS = ['auto', 'plain', 'markdown'] as const;
export type SheetTextFormat = (typeof SHEET_TEXT_FORMATS)[number];
/** Field delimiters a learner may choose in the preview: the detected ones and Quizlet's usual ` - `. */
export const SHEET_READING_DELIMITERS = [',', '\t', ';', '|', ' - '] as const;
/** What separates records when a learner says so (Quizlet's custom card separator); default line breaks. */
export const SHEET_RECORD_DELIMITERS = ['newline', ';', '\n\n'] as const;

/**
 * The learner's choices in the import preview; every field left out is detected. The preview and
 * the import read the same bytes with the same choices, so what was previewed is what is stored.
 */
export interface SheetReading {
  delimiter?: (typeof SHEET_READING_DELIMITERS)[number];
  record_delimiter?: (typeof SHEET_RECORD_DELIMITERS)[number];
  quotes?: SheetQuoteMode;
  encoding?: SheetEncoding;
  header?: SheetHeaderMode;
  text_format?: SheetTextFormat;
}
