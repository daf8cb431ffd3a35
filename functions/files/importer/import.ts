import { DeleteObjectCommand, PutObjectCommand, CopyObjectCommand } from '@aws-sdk/client-s3';
import {
  COLUMN_LABELS,
  QUESTION_SHEET_LIMITS,
  cleanFileName,
  localizedQuestionFields,
  mapHeaders,
  normalizeRows,
  sheetExtension,
  type SheetStats,
} from '../../../shared/domain/question-sheet.js';
import type { Language } from '../../../shared/domain/language.js';
import { s3Client } from '../../lib/aws/clients.js';
import { config } from '../../lib/config.js';
import { AppError } from '../../lib/http/app-error.js';
import { fileQuestionEntity, nameKey } from '../../lib/data/entities/index.js';
import { newId } from '../../lib/data/ids.js';
import type { Logger } from '../../lib/log.js';
import { commitFile, deletePool, getOwnFileByName, poolItem, writePool, type FileRecord } from '../repository.js';
import { parseSheet } from './parse.js';
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
 * Validates a whole spreadsheet and only then writes. Every refusal (extension, bytes, size,
 * zip bomb, columns, rows, cells, no questions) happens before the first write. The writes go
 * questions first (BatchWriteItem of 25), then the S3 object, then the file record with the name
 * pointer in one transaction: until that last write nothing is visible, and a failure on the way
 * removes what was written. Requests: ceil(questions / 25) batch writes + 1 transaction + 1 or 2
 * GetItems (the owner's earlier file of the same name).
 */
export async function importQuestionSheet(request: ImportRequest): Promise<ImportResult> {
  const name = cleanFileName(request.fileName);
  const extension = sheetExtension(name);
  if (!extension || name.length > QUESTION_SHEET_LIMITS.maxFileNameChars) {
    throw new AppError(400, 'sheet_bad_extension', { name: name || request.fileName });
  }
  sniffSpreadsheet(request.bytes, extension);
  const sheet = parseSheet(request.bytes, extension);
  const mapping = mapHeaders(sheet.header);
  if (!mapping.ok) {
    throw new AppError(400, 'sheet_missing_column', {
      column: mapping.missing.map((c) => `${COLUMN_LABELS[c].ko} / ${COLUMN_LABELS[c].en}`).join(', '),
      found: mapping.found.length ? mapping.found.join(', ') : '-',
    });
  }
  const outcome = normalizeRows(sheet.rows, mapping.columns);
  if (!outcome.ok) {
    if (outcome.code === 'sheet_cell_too_long') {
      throw new AppError(400, outcome.code, {
        row: outcome.row,
        column: `${COLUMN_LABELS[outcome.column].ko} / ${COLUMN_LABELS[outcome.column].en}`,
        limit: QUESTION_SHEET_LIMITS.maxCellChars,
      });
    }
    if (outcome.code === 'sheet_too_many_rows') throw new AppError(400, outcome.code, { limit: QUESTION_SHEET_LIMITS.maxRows });
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
    s3_key: `files/${owner.id}/${fileId}/${name}`,
    language,
    created_at: createdAt,
    difficulties: outcome.questions.map((q) => q.difficulty[0]).join(''),
  };

  let objectWritten = false;
  try {
    await writePool(questions);
    if (request.stagedKey) {
      await s3Client().send(
        new CopyObjectCommand({
          Bucket: config.filesBucket,
          Key: file.s3_key,
          CopySource: `${config.filesBucket}/${encodeS3Key(request.stagedKey)}`,
          ContentType: CONTENT_TYPES[extension],
          MetadataDirective: 'REPLACE',
        }),
      );
    } else {
      await s3Client().send(
        new PutObjectCommand({ Bucket: config.filesBucket, Key: file.s3_key, Body: request.bytes, ContentType: CONTENT_TYPES[extension] }),
      );
    }
    objectWritten = true;
    await commitFile(file, previous);
  } catch (error) {
    request.log.warn('import rolled back', { fileId, error: error instanceof Error ? error.message : String(error) });
    await Promise.allSettled([
      deletePool(fileId, questions.length),
      objectWritten ? s3Client().send(new DeleteObjectCommand({ Bucket: config.filesBucket, Key: file.s3_key })) : Promise.resolve(),
    ]);
    if ((error as { name?: string }).name === 'TransactionCanceledException') throw new AppError(409, 'conflict');
    throw error;
  }

  if (previous) await discardFile(previous, request.log);
  return { file, stats: outcome.stats, replaced: !!previous };
}

/** After a file record is gone: its questions and its object (exams keep their own copies). */
export async function discardFile(file: FileRecord, log: Logger): Promise<void> {
  const results = await Promise.allSettled([
    deletePool(file.id, file.max_questions),
    s3Client().send(new DeleteObjectCommand({ Bucket: config.filesBucket, Key: file.s3_key })),
  ]);
  for (const r of results) if (r.status === 'rejected') log.warn('file cleanup incomplete', { fileId: file.id, error: String(r.reason) });
}

function encodeS3Key(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
