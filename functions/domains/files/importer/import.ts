import {
  COLUMN_LABELS,
  QUESTION_SHEET_LIMITS,
  cleanFileName,
  fieldColumns,
  headerlessColumns,
  localizedQuestionFields,
  mapHeaders,
  normalizeRows,
  sheetExtension,
  type QuestionColumn,
  type SheetColumns,
  type SheetExtension,
  type SheetStats,
  type SkippedRow,
  type RowsOutcome,
  REPORT_LIST_LIMIT,
  REQUIRED_COLUMNS,
  applyMapping,
  type ColumnRole,
  type SheetReading,
} from '#shared/domain/question-sheet.js';
import { KEY_TEXT_MAX_BYTES, KEY_TEXT_TOO_LONG, fitsKey } from '#shared/domain/key-text.js';
import type { Language } from '#shared/domain/language.js';
import { isTransactionCanceled } from '../../../runtime/data/dynamo-errors.js';
import { fileImageKey, fileImageUrl, fileObjectKey } from '../object-keys.js';
import { copyObject, deleteObject, putObject } from '../object-store.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { fileQuestionEntity } from '../entities/file-question.js';
import { nameKey } from '../../../runtime/data/key-parts.js';
import { newId } from '../../../runtime/data/ids.js';
import type { Logger } from '../../../runtime/log.js';
import { METRIC, countMetric } from '../../../runtime/metrics.js';
import {
  commitFile,
  deletePool,
  discardFile,
  getOwnFileByName,
  poolItem,
  writePool,
  type FileRecord,
} from '../file-store.js';
import { readerReport, type ParsedSheet, type SheetFormat, type SheetRepair } from './parsed-sheet.js';
import { looksLikeHeader } from './header-shape.js';
import {
  deleteImportedImages,
  importMedia,
  prepareImportedImages,
  storeImportedImages,
  type ImageWarning,
  type PreparedImages,
  type DeckMedia,
  type ImageOwner,
} from './import-images.js';

export interface ImportOwner {
  id: string;
  username: string;
}

export interface ImportRequest {
  bytes: Uint8Array;
  fileName: string;
  isPublic: boolean;
  owner: ImportOwner;
  /** The uploader's language: the text goes into its fields (title_ko … or title_en …). */
  language: Language;
  /** Where the bytes already are in S3 (presigned upload); they are copied, not sent again. */
  stagedKey?: string;
  /** One role per source column, from a preview the user confirmed; without it the proposal is used. */
  mapping?: readonly ColumnRole[];
  /** The reading the user confirmed in the preview (delimiter, quotes, encoding, header, text format). */
  reading?: SheetReading;
  log: Logger;
}

/** What the import did besides the questions: every row not imported, every column kept as extra, every repair. */
export interface ImportReport {
  format: SheetFormat;
  headerless: boolean;
  skipped_rows: SkippedRow[];
  extra_columns: string[];
  ignored_columns: string[];
  repairs: SheetRepair[];
  /** Records whose field count differs from the file's usual count (text sheets), up to the list limit. */
  ragged_rows: { line: number; fields: number }[];
  deck?: ParsedSheet['deck'];
  types_skipped?: { name: string; count: number }[];
  /** Images the questions pointed at (a deck's media, a sheet's image URLs): how many were stored, and each refused one by row. */
  images?: { stored: number; warnings: ImageWarning[] };
}

export interface ImportResult {
  file: FileRecord;
  stats: SheetStats;
  replaced: boolean;
  report: ImportReport;
}

const CONTENT_TYPES: Record<SheetExtension, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  // Text sheets are stored as uploaded, in their own encoding: no charset is claimed.
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  apkg: 'application/zip',
  gift: 'text/plain',
  xml: 'application/xml',
};

/**
 * The columns of a parsed sheet: its header row when that names the question and the answer; a
 * header row lacking one of them (two or more known names) is refused with the missing column; a
 * first row shaped like a header (header-shape.ts) whose names are unknown is kept as the column
 * names over question, answer, extras; otherwise the first row is data and the columns are
 * question, answer, explanation, kept extras. `header` yes/no (the learner's reading) overrides the
 * shape: `no` reads the first row as data whatever it says.
 */
export function sheetColumns(
  sheet: ParsedSheet,
  header: SheetReading['header'] = 'auto',
): { columns: SheetColumns; rows: unknown[][]; lines: number[] } {
  if (header === 'no' && !sheet.declaredHeader) return firstRowAsData(sheet);
  const mapping = mapHeaders(sheet.header);
  if (mapping.ok) return { columns: mapping, rows: sheet.rows, lines: sheet.lines };
  if (mapping.header) {
    throw new AppError(400, 'sheet_missing_column', {
      column: mapping.missing.map((c) => `${COLUMN_LABELS[c].ko} / ${COLUMN_LABELS[c].en}`).join(', '),
      found: mapping.found.length ? mapping.found.join(', ') : '-',
    });
  }
  if (sheet.declaredHeader) {
    const width = Math.max(sheet.header.length, ...sheet.rows.slice(0, 100).map((r) => r.length));
    return { columns: headerlessColumns(width, sheet.header), rows: sheet.rows, lines: sheet.lines };
  }
  if (header === 'yes' || looksLikeHeader(sheet.header, sheet.rows)) {
    const width = Math.max(sheet.header.length, ...sheet.rows.slice(0, 100).map((r) => r.length));
    return {
      columns: { ...headerlessColumns(width, sheet.header), headerless: false },
      rows: sheet.rows,
      lines: sheet.lines,
    };
  }
  return firstRowAsData(sheet);
}

function firstRowAsData(sheet: ParsedSheet): { columns: SheetColumns; rows: unknown[][]; lines: number[] } {
  const rows = [sheet.header, ...sheet.rows];
  const width = Math.max(...rows.slice(0, 100).map((r) => r.length));
  return { columns: headerlessColumns(width), rows, lines: [sheet.headerLine, ...sheet.lines] };
}

/**
 * The guarded read of a question sheet, before anything is written: extension, magic bytes, size,
 * zip guard, parse (row cap), column mapping. Shared by the import and the exam detail's update
 * from a sheet.
 */
export async function readQuestionSheet(
  bytes: Uint8Array,
  fileName: string,
  mapping?: readonly ColumnRole[],
  reading: SheetReading = {},
  options: { suggest?: boolean } = {},
): Promise<{
  name: string;
  extension: SheetExtension;
  sheet: ParsedSheet & { media?: DeckMedia };
  columns: Partial<Record<QuestionColumn, number>>;
  mapping: SheetColumns;
  proposed: SheetColumns;
  rows: unknown[][];
  lines: number[];
}> {
  const name = cleanFileName(fileName);
  const extension = sheetExtension(name);
  if (!extension || name.length > QUESTION_SHEET_LIMITS.maxFileNameChars) {
    throw new AppError(400, 'sheet_bad_extension', { name: name || fileName });
  }
  // Every reader loads on its group's first file of its kind: workbooks (D501), Anki packages, text
  // and quiz files (D478).
  const { sniffSpreadsheet, parseWorkbookSheet } = await import('./workbook-reader.js');
  sniffSpreadsheet(bytes, extension);
  const sheet =
    extension === 'apkg'
      ? await (await import('./anki-package.js')).parseAnkiPackage(bytes)
      : extension === 'xlsx' || extension === 'xls'
        ? parseWorkbookSheet(bytes, extension)
        : (await import('./parse.js')).parseSheet(bytes, extension, reading, options);
  if (sheet.header.length > QUESTION_SHEET_LIMITS.maxColumns) {
    throw new AppError(400, 'sheet_too_many_columns', { limit: QUESTION_SHEET_LIMITS.maxColumns });
  }
  const { columns: proposed, rows, lines } = sheetColumns(sheet, reading.header);
  const chosen = mapping ? applyMapping(proposed, mapping) : proposed;
  if (!chosen) {
    throw new AppError(400, 'sheet_missing_column', {
      column: REQUIRED_COLUMNS.map((c) => `${COLUMN_LABELS[c].ko} / ${COLUMN_LABELS[c].en}`).join(', '),
      found: proposed.names.filter(Boolean).join(', ') || '-',
    });
  }
  return { name, extension, sheet, columns: fieldColumns(chosen.roles), mapping: chosen, proposed, rows, lines };
}

export function rowsRefusal(outcome: Exclude<RowsOutcome, { ok: true }>): AppError {
  if (outcome.code === 'sheet_too_many_columns')
    return new AppError(400, outcome.code, { limit: QUESTION_SHEET_LIMITS.maxColumns });
  if (outcome.code === 'sheet_cell_too_long') {
    return new AppError(400, outcome.code, {
      row: outcome.row,
      column: `${COLUMN_LABELS[outcome.column].ko} / ${COLUMN_LABELS[outcome.column].en}`,
      limit: QUESTION_SHEET_LIMITS.maxCellChars,
    });
  }
  if (outcome.code === 'sheet_too_many_rows')
    return new AppError(400, outcome.code, { limit: QUESTION_SHEET_LIMITS.maxRows });
  return new AppError(400, outcome.code);
}

/** The report's image lines, only when the questions pointed at images (D174, D177). */
function imagesReport(images: PreparedImages) {
  if (images.pending.length === 0 && images.warnings.length === 0) return {};
  return { images: { stored: images.pending.length, warnings: images.warnings.slice(0, REPORT_LIST_LIMIT) } };
}

/** A refused import, counted (metrics.ts) as it is thrown. */
function countedRefusal(error: AppError): AppError {
  countMetric(METRIC.importsRefused);
  return error;
}

export function raggedRows(sheet: ParsedSheet) {
  return (sheet.shape?.ragged ?? []).slice(0, REPORT_LIST_LIMIT);
}

/**
 * Validates a whole spreadsheet and only then writes. Every refusal (extension, bytes, size,
 * zip bomb, columns, rows, cells, no questions) happens before the first write. The writes go
 * questions first (BatchWriteItem of 25), then the S3 object, then the file record with the name
 * pointer in one transaction: until that last write nothing is visible, and a failure on the way
 * removes what was written. Requests: ceil(questions / 25) batch writes + 1 transaction + 1 or 2
 * GetItems (the owner's earlier file of the same name). Images the questions carry (a deck's media,
 * a sheet's image URLs, D174–D177) are checked before the first write and stored first, one S3 PUT
 * each; a rollback deletes them too.
 */
export async function importQuestionSheet(request: ImportRequest): Promise<ImportResult> {
  const { name, extension, sheet, mapping, rows, lines } = await readQuestionSheet(
    request.bytes,
    request.fileName,
    request.mapping,
    request.reading,
  );
  // The contracts refuse such names already; the importer does not trust its callers with a key.
  if (!fitsKey(name)) throw new AppError(400, KEY_TEXT_TOO_LONG, { limit: KEY_TEXT_MAX_BYTES });
  const outcome = normalizeRows(rows, mapping, lines, { textFormat: request.reading?.text_format });
  if (!outcome.ok) throw countedRefusal(rowsRefusal(outcome));

  const fileId = newId();
  const now = new Date();
  const key = nameKey(name);
  const previous = await getOwnFileByName(request.owner.id, key);
  const imageOwner: ImageOwner = { key: (id) => fileImageKey(fileId, id), url: (id) => fileImageUrl(fileId, id) };
  const images = await prepareImportedImages(
    imageOwner,
    outcome.questions,
    outcome.lines,
    await importMedia(sheet.media, outcome.questions),
  );
  const questions = importedQuestionItems(request, fileId, outcome, images, now);
  const file: FileRecord = {
    id: fileId,
    name,
    name_key: key,
    owner_id: request.owner.id,
    owner_username: request.owner.username,
    size: request.bytes.byteLength,
    modified: Math.floor(now.getTime() / 1000),
    max_questions: questions.length,
    is_public: request.isPublic,
    s3_key: fileObjectKey(request.owner.id, fileId),
    language: request.language,
    created_at: now.toISOString(),
    difficulties: outcome.questions.map((q) => q.difficulty[0]).join(''),
  };
  await writeImport(request, { file, previous, questions, extension, imageOwner, images });

  if (previous) await discardFile(previous, request.log);
  countMetric(METRIC.importedRows, questions.length);
  return {
    file,
    stats: outcome.stats,
    replaced: !!previous,
    report: importReport(sheet, mapping, outcome, images),
  };
}

type ImportedRows = Extract<RowsOutcome, { ok: true }>;

/** The pool items of an import, in the file's order, in the uploader's language fields. */
function importedQuestionItems(
  { owner, language }: ImportRequest,
  fileId: string,
  outcome: ImportedRows,
  images: PreparedImages,
  now: Date,
): Record<string, unknown>[] {
  const createdAt = now.toISOString();
  return outcome.questions.map((q, index) => {
    const order = index + 1;
    const id = fileQuestionEntity.questionId(fileId, order);
    // Not on the gsi1 question index: `<fileId>-<order>` already locates the item, and an
    // import then writes each question once, with no index write.
    return poolItem(fileId, order, {
      type: 'QUESTION',
      id,
      file_id: fileId,
      owner_id: owner.id,
      order,
      csv_id: q.csv_id,
      ...localizedQuestionFields(q, language),
      ...(images.markdown[index] || q.format === 'markdown' ? { format: 'markdown' } : {}),
      difficulty: q.difficulty,
      url: q.url,
      group_id: q.group_id,
      ...(q.cloze ? { cloze: q.cloze, cloze_note: q.cloze_note } : {}),
      created_language: language,
      created_at: createdAt,
    });
  });
}

interface ImportWrites {
  file: FileRecord;
  previous: FileRecord | null;
  questions: Record<string, unknown>[];
  extension: SheetExtension;
  imageOwner: ImageOwner;
  images: PreparedImages;
}

/** Images, questions, the S3 object, then the file record: a failure on the way removes what was written. */
async function writeImport(request: ImportRequest, writes: ImportWrites): Promise<void> {
  const { file, previous, questions, extension, imageOwner, images } = writes;
  let objectWritten = false;
  const imageKeys: string[] = [];
  try {
    await storeImportedImages(imageOwner, images.pending, imageKeys);
    await writePool(questions);
    const object = { contentType: CONTENT_TYPES[extension], fileName: file.name };
    if (request.stagedKey) await copyObject(request.stagedKey, file.s3_key, object);
    else await putObject(file.s3_key, request.bytes, object);
    objectWritten = true;
    await commitFile(file, previous);
  } catch (error) {
    request.log.warn('import rolled back', {
      fileId: file.id,
      error: error instanceof Error ? error.message : String(error),
    });
    await Promise.allSettled([
      deletePool(file.id, questions.length),
      objectWritten ? deleteObject(file.s3_key) : Promise.resolve(),
      deleteImportedImages(imageKeys),
    ]);
    if (isTransactionCanceled(error)) throw new AppError(409, 'conflict');
    throw error;
  }
}

function importReport(
  sheet: ParsedSheet,
  mapping: SheetColumns,
  outcome: ImportedRows,
  images: PreparedImages,
): ImportReport {
  return {
    format: sheet.format,
    headerless: mapping.headerless,
    ...readerReport(sheet, outcome.skipped_rows),
    extra_columns: outcome.extra_columns,
    ignored_columns: outcome.ignored_columns,
    repairs: sheet.repairs.slice(0, REPORT_LIST_LIMIT),
    ragged_rows: raggedRows(sheet),
    ...(sheet.deck ? { deck: sheet.deck } : {}),
    ...imagesReport(images),
  };
}
