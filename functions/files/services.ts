import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type * as files from '../../shared/contracts/files.js';
import type { Language } from '../../shared/domain/language.js';
import { QUESTION_SHEET_LIMITS, cleanFileName, sheetExtension } from '../../shared/domain/question-sheet.js';
import { isSiteAdmin } from '../../shared/domain/roles.js';
import { errorMessage } from '../../shared/i18n/catalogue.js';
import { s3Client } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { AppError, payloadTooLarge } from '../lib/http/app-error.js';
import type { ServiceInput } from '../lib/http/create-group-handler.js';
import { contentDisposition, fileReply, redirectReply, type Reply } from '../lib/http/reply.js';
import type { RequestContext } from '../lib/http/types.js';
import { nameKey } from '../lib/data/entities/index.js';
import { newId } from '../lib/data/ids.js';
import { discardFile, importQuestionSheet, type ImportResult } from './importer/import.js';
import {
  fileView,
  getOwnFileByName,
  listFilesByVisibility,
  listOwnFiles,
  removeFileRecord,
  setFileVisibility,
  type FileListing,
  type FileRecord,
  questionPoolCount as poolCount,
} from './repository.js';
import { resolveFile } from './resolve.js';
import { sampleWorkbook } from './samples.js';

export { resolveFile };

type Caller = NonNullable<RequestContext['caller']>['user'];

const UPLOAD_URL_SECONDS = 900;

function callerOf(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new AppError(401, 'authentication_required');
  return ctx.caller.user;
}

function canChange(file: FileRecord, caller: Caller): boolean {
  return file.owner_id === caller.id || isSiteAdmin(caller);
}

async function mustResolve(ref: string, caller: Caller): Promise<FileRecord> {
  const file = await resolveFile(ref, caller);
  if (!file) throw new AppError(404, 'file_not_found');
  return file;
}

function importAnswer(result: ImportResult, caller: Caller, language: Language) {
  const { stats } = result;
  return {
    success: true as const,
    message: errorMessage('sheet_imported', language, {
      imported: stats.imported,
      skipped: stats.skipped,
      blank: stats.skipped_blank_answer,
      duplicates: stats.duplicates_removed,
    }),
    file: fileView(result.file, caller.id),
    stats,
    replaced: result.replaced,
  };
}

/** POST /api/upload-questions/: the multipart form (file, is_public) of spec 2 §7. */
export async function uploadQuestions(input: ServiceInput<typeof files.uploadQuestions>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const { file, is_public } = input.body;
  if (file.truncated) throw payloadTooLarge(QUESTION_SHEET_LIMITS.maxFileBytes);
  const result = await importQuestionSheet({
    bytes: file.content,
    fileName: file.filename,
    isPublic: is_public,
    owner: { id: caller.id, username: caller.username },
    language: ctx.language,
    log: ctx.log,
  });
  return importAnswer(result, caller, ctx.language);
}

const pendingKey = (ownerId: string, uploadId: string) => `pending/${ownerId}/${uploadId}`;

/** Step 1 of the browser upload: a presigned PUT to the caller's own pending prefix. */
export async function createUploadUrl(input: ServiceInput<typeof files.createUploadUrl>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const name = cleanFileName(input.body.file_name);
  if (!sheetExtension(name)) throw new AppError(400, 'sheet_bad_extension', { name: name || input.body.file_name });
  if ((input.body.size ?? 0) > QUESTION_SHEET_LIMITS.maxFileBytes) throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
  const uploadId = newId(24);
  // With the size declared, S3 accepts only a body of exactly that length (Content-Length is signed),
  // so a presigned URL cannot park more than the cap in the bucket.
  const size = input.body.size;
  const url = await getSignedUrl(
    s3Client(),
    new PutObjectCommand({ Bucket: config.filesBucket, Key: pendingKey(caller.id, uploadId), ContentLength: size }),
    { expiresIn: UPLOAD_URL_SECONDS, ...(size ? { signableHeaders: new Set(['content-length']) } : {}) },
  );
  return {
    upload_id: uploadId,
    url,
    method: 'PUT' as const,
    headers: {},
    expires_in: UPLOAD_URL_SECONDS,
    max_bytes: QUESTION_SHEET_LIMITS.maxFileBytes,
  };
}

/** Step 2: validates and imports the uploaded object with the same importer; the pending object always goes. */
export async function importUploadedFile(input: ServiceInput<typeof files.importUploadedFile>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const key = pendingKey(caller.id, input.body.upload_id);
  const s3 = s3Client();
  let size: number;
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.filesBucket, Key: key }));
    size = head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) throw new AppError(404, 'upload_not_found');
    throw error;
  }
  try {
    if (size > QUESTION_SHEET_LIMITS.maxFileBytes) throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
    const object = await s3.send(new GetObjectCommand({ Bucket: config.filesBucket, Key: key }));
    const bytes = await object.Body!.transformToByteArray();
    const result = await importQuestionSheet({
      bytes,
      fileName: input.body.file_name,
      isPublic: input.body.is_public,
      owner: { id: caller.id, username: caller.username },
      language: ctx.language,
      stagedKey: key,
      log: ctx.log,
    });
    return importAnswer(result, caller, ctx.language);
  } finally {
    await s3.send(new DeleteObjectCommand({ Bucket: config.filesBucket, Key: key })).catch((error: unknown) => {
      ctx.log.warn('pending upload not removed', { key, error: String(error) });
    });
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** GET /api/questions/: the question pool's total (one BatchGetItem of the counter shards). */
export async function questionPoolCount() {
  return { count: await poolCount() };
}

/** GET /api/question-files/: the caller's own and the public files; admins every file, filterable. */
export async function listQuestionFiles(input: ServiceInput<typeof files.listQuestionFiles>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const filter = input.query.is_public;
  let found: FileListing[];
  if (isSiteAdmin(caller)) {
    const parts = await Promise.all(
      [true, false].filter((p) => filter === undefined || filter === p).map((p) => listFilesByVisibility(p)),
    );
    found = parts.flat();
  } else {
    const [own, shared] = await Promise.all([listOwnFiles(caller.id), filter === false ? Promise.resolve([]) : listFilesByVisibility(true)]);
    found = [...own, ...shared];
    if (filter !== undefined) found = found.filter((f) => (f.is_public !== false) === filter);
  }
  const unique = [...new Map(found.map((f) => [f.id, f])).values()];
  unique.sort((a, b) => a.name.localeCompare(b.name) || a.modified - b.modified);
  return { files: unique.map((f) => fileView(f, caller.id)) };
}

/**
 * check-existing answers for the caller's own name space: uploads are keyed per owner, so only
 * the caller's own file of that name would be replaced. `exists` means "an upload overwrites
 * your file"; `is_private` tells whether that file is private.
 */
export async function checkExistingFile(input: ServiceInput<typeof files.checkExistingFile>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const own = await getOwnFileByName(caller.id, nameKey(cleanFileName(input.params.name)));
  return { exists: !!own, is_private: own ? own.is_public === false : false, is_owner: !!own };
}

export async function updateQuestionFile(input: ServiceInput<typeof files.updateQuestionFile>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const file = await mustResolve(input.params.name, caller);
  if (!canChange(file, caller)) throw new AppError(403, 'file_forbidden');
  const updated = await setFileVisibility(file, input.body.is_public);
  return { success: true as const, file: fileView(updated, caller.id) };
}

export async function deleteQuestionFile(input: ServiceInput<typeof files.deleteQuestionFile>, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const file = await mustResolve(input.params.name, caller);
  if (!canChange(file, caller)) throw new AppError(403, 'file_forbidden');
  await removeFileRecord(file);
  await discardFile(file, ctx.log);
  return { success: true as const, message: errorMessage('file_deleted', ctx.language) };
}

const DOWNLOAD_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
};

/**
 * A Lambda answer carries at most 6 MB, base64-encoded: files up to this size come back inline,
 * larger ones (the presigned upload takes up to 10 MB) as a redirect to a short-lived presigned GET.
 */
const MAX_INLINE_DOWNLOAD_BYTES = 4 * 1024 * 1024;
const DOWNLOAD_URL_SECONDS = 300;

export async function downloadQuestionFile(input: ServiceInput<typeof files.downloadQuestionFile>, ctx: RequestContext): Promise<Reply> {
  const caller = callerOf(ctx);
  const file = await mustResolve(input.params.name, caller);
  const contentType = DOWNLOAD_TYPES[sheetExtension(file.name) ?? 'xlsx']!;
  if (file.size > MAX_INLINE_DOWNLOAD_BYTES) {
    const url = await getSignedUrl(
      s3Client(),
      new GetObjectCommand({
        Bucket: config.filesBucket,
        Key: file.s3_key,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition(file.name),
      }),
      { expiresIn: DOWNLOAD_URL_SECONDS },
    );
    return redirectReply(url);
  }
  let bytes: Uint8Array;
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: config.filesBucket, Key: file.s3_key }));
    bytes = await object.Body!.transformToByteArray();
  } catch (error) {
    if (isMissing(error)) throw new AppError(404, 'file_not_found');
    throw error;
  }
  return fileReply(bytes, file.name, contentType);
}

export async function downloadSampleFile(input: ServiceInput<typeof files.downloadSampleFile>): Promise<Reply> {
  const { bytes, fileName } = sampleWorkbook(input.params.lang);
  const reply = fileReply(bytes, fileName, DOWNLOAD_TYPES.xlsx!);
  reply.options.headers!['cache-control'] = 'public, max-age=3600';
  return reply;
}
