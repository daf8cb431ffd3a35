import {
  COLUMN_LABELS,
  QUESTION_SHEET_LIMITS,
  cleanFileName,
  localizedQuestionFields,
  mapHeaders,
  normalizeRows,
  sheetExtension,
  type QuestionColumn,
  type SheetExtension,
  type SheetStats,
} from '#shared/domain/question-sheet.js';
import { KEY_TEXT_MAX_BYTES, KEY_TEXT_TOO_LONG, fitsKey } from '#shared/domain/key-text.js';
import type { Language } from '#shared/domain/language.js';
import { isTransactionCanceled } from '../../../runtime/data/dynamo-errors.js';
import { fileObjectKey } from '../object-keys.js';
import { copyObject, deleteObject, putObject } from '../object-store.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { fileQuestionEntity } from '../entities/file-question.js';
import { nameKey } from '../../../runtime/data/key-parts.js';
import { newId } from '../../../runtime/data/ids.js';
import type { Logger } from '../../../runtime/log.js';
import {
  commitFile,
  deletePool,
  discardFile,
  getOwnFileByName,
  poolItem,
  writePool,
  type FileRecord,
} from '../file-store.js';
import { parseSheet, type ParsedSheet } from './parse.js';
import { sniffSpreadsheet } from './sniff.js';

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
  log: Logger;
}

export interface ImportResult {
  file: FileRecord;
  stats: SheetStats;
  replaced: boolean;
}

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * The guarded read of a question sheet, before anything is written: extension, magic bytes, size,
 * zip guard, parse (row cap), header mapping (required columns). Shared by the import and the
 * exam detail's update from a sheet.
 */
export function readQuestionSheet(
  bytes: Uint8Array,
  fileName: string,
): { name: string; extension: SheetExtension; sheet: ParsedSheet; columns: Partial<Record<QuestionColumn, number>> } {
  const name = cleanFileName(fileName);
  const extension = sheetExtension(name);
  if (!extension || name.length > QUESTION_SHEET_LIMITS.maxFileNameChars) {
    throw new AppError(400, 'sheet_bad_extension', { name: name || fileName });
  }
  sniffSpreadsheet(bytes, extension);
  const sheet = parseSheet(bytes, extension);
  const mapping = mapHeaders(sheet.header);
  if (!mapping.ok) {
    throw new AppError(400, 'sheet_missing_column', {
      column: mapping.missing.map((c) => `${COLUMN_LABELS[c].ko} / ${COLUMN_LABELS[c].en}`).join(', '),
      found: mapping.found.length ? mapping.found.join(', ') : '-',
    });
  }
  return { name, extension, sheet, columns: mapping.columns };
}

/**
 * Validates a whole spreadsheet and only then writes. Every refusal (extension, bytes, size,
 * zip bomb, columns, rows, cells, no questions) happens before the first write. The writes go
 * questions first (BatchWriteItem of 25), then the S3 object, then the file record with the name
 * pointer in one transaction: until that last write nothing is visible, and a failure on the way
 * removes what was written. Requests: ceil(questions / 25) batch writes + 1 transaction + 1 or 2
 * GetItems (the owner's earlier file of the same name).
 */
export async function importQuestionSheet(request: ImportRequest): Promise<ImportResult> {
  const { name, extension, sheet, columns } = readQuestionSheet(request.bytes, request.fileName);
  // The contracts refuse such names already; the importer does not trust its callers with a key.
  if (!fitsKey(name)) throw new AppError(400, KEY_TEXT_TOO_LONG, { limit: KEY_TEXT_MAX_BYTES });
  const outcome = normalizeRows(sheet.rows, columns);
  if (!outcome.ok) {
    if (outcome.code === 'sheet_cell_too_long') {
      throw new AppError(400, outcome.code, {
        row: outcome.row,
        column: `${COLUMN_LABELS[outcome.column].ko} / ${COLUMN_LABELS[outcome.column].en}`,
        limit: QUESTION_SHEET_LIMITS.maxCellChars,
      });
    }
    if (outcome.code === 'sheet_too_many_rows')
      throw new AppError(400, outcome.code, { limit: QUESTION_SHEET_LIMITS.maxRows });
    throw new AppError(400, outcome.code);
  }

  const { owner, language } = request;
  const fileId = newId();
  const key = nameKey(name);
  const now = new Date();
  const createdAt = now.toISOString();
  const previous = await getOwnFileByName(owner.id, key);
  const questions = outcome.questions.map((q, index) => {
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
      difficulty: q.difficulty,
      url: q.url,
      group_id: q.group_id,
      created_language: language,
      created_at: createdAt,
    });
  });
  const file: FileRecord = {
    id: fileId,
    name,
    name_key: key,
    owner_id: owner.id,
    owner_username: owner.username,
    size: request.bytes.byteLength,
    modified: Math.floor(now.getTime() / 1000),
    max_questions: questions.length,
    is_public: request.isPublic,
    s3_key: fileObjectKey(owner.id, fileId),
    language,
    created_at: createdAt,
    difficulties: outcome.questions.map((q) => q.difficulty[0]).join(''),
  };

  let objectWritten = false;
  try {
    await writePool(questions);
    if (request.stagedKey) {
      await copyObject(request.stagedKey, file.s3_key, { contentType: CONTENT_TYPES[extension], fileName: name });
    } else {
      await putObject(file.s3_key, request.bytes, { contentType: CONTENT_TYPES[extension], fileName: name });
    }
    objectWritten = true;
    await commitFile(file, previous);
  } catch (error) {
    request.log.warn('import rolled back', { fileId, error: error instanceof Error ? error.message : String(error) });
    await Promise.allSettled([
      deletePool(fileId, questions.length),
      objectWritten ? deleteObject(file.s3_key) : Promise.resolve(),
    ]);
    if (isTransactionCanceled(error)) throw new AppError(409, 'conflict');
    throw error;
  }

  if (previous) await discardFile(previous, request.log);
  return { file, stats: outcome.stats, replaced: !!previous };
}
