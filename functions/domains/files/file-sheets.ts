/*
 * The question-file routes that read or write spreadsheets (SheetJS, csv-parse). They run in their
 * own Lambda (route group `files-sheets`), so the everyday file routes of `files` import none of it
 * at cold start (D73).
 */
import type * as files from '#shared/contracts/files.js';
import type { Language } from '#shared/domain/language.js';
import { QUESTION_SHEET_LIMITS, type ExportFormat } from '#shared/domain/question-sheet.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { pendingObjectKey } from './object-keys.js';
import { deleteObject, objectSize, readObject } from './object-store.js';
import { fileView, readPool } from './file-store.js';
import { resolveFile } from './resolve.js';
import { EXPORT_CONTENT_TYPES, exportFileName, exportQuestions, exportedQuestion } from './exporter.js';
import type { FileRecord } from './entities/file.js';
import { getCallerUser } from '../users/index.js';
import { AppError, payloadTooLarge } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { fileReply } from '../../runtime/http/file-reply.js';
import type { Reply } from '../../runtime/http/reply.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { importQuestionSheet, type ImportResult } from './importer/import.js';
import { previewQuestionSheet } from './importer/import-preview.js';
import { sampleWorkbook } from './samples.js';
import { DOWNLOAD_TYPES } from './files.js';

function importAnswer(result: ImportResult, caller: CallerUser, language: Language) {
  const { stats } = result;
  return {
    success: true as const,
    message: errorMessage('sheet_imported', language, {
      imported: stats.imported,
      skipped: stats.skipped,
      blank: stats.skipped_blank_answer,
      duplicates: stats.duplicates_removed,
      long: stats.skipped_too_long,
    }),
    file: fileView(result.file, caller.id),
    stats,
    replaced: result.replaced,
    report: result.report,
  };
}

/** POST /api/upload-questions/: the multipart form (file, is_public) of docs/product.md#take-exam. */
export async function uploadQuestions(input: ServiceInput<typeof files.uploadQuestions>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
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

/** Step 2: validates and imports the uploaded object with the same importer; the pending object always goes. */
export async function importUploadedFile(input: ServiceInput<typeof files.importUploadedFile>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const key = pendingObjectKey(caller.id, input.body.upload_id);
  const size = await objectSize(key);
  if (size === null) throw new AppError(404, 'upload_not_found');
  try {
    if (size > QUESTION_SHEET_LIMITS.maxFileBytes) throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
    const bytes = await readObject(key);
    if (!bytes) throw new AppError(404, 'upload_not_found');
    const result = await importQuestionSheet({
      bytes,
      fileName: input.body.file_name,
      isPublic: input.body.is_public,
      owner: { id: caller.id, username: caller.username },
      language: ctx.language,
      stagedKey: key,
      mapping: input.body.mapping,
      reading: input.body.reading,
      log: ctx.log,
    });
    return importAnswer(result, caller, ctx.language);
  } finally {
    await deleteObject(key).catch((error: unknown) => {
      ctx.log.warn('pending upload not removed', { key, error: String(error) });
    });
  }
}

/**
 * Reads the uploaded object as the import would and writes nothing; the pending object stays for
 * the import. The whole file is read (at most 10 MB), so its counts and ragged records are of all
 * of it, not of a head (D270).
 */
export async function previewUploadedFile(input: ServiceInput<typeof files.previewUploadedFile>, ctx: SignedInContext) {
  const key = pendingObjectKey(ctx.caller.user.id, input.body.upload_id);
  const size = await objectSize(key);
  if (size === null) throw new AppError(404, 'upload_not_found');
  if (size > QUESTION_SHEET_LIMITS.maxFileBytes) throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
  const bytes = await readObject(key);
  if (!bytes) throw new AppError(404, 'upload_not_found');
  return previewQuestionSheet(bytes, input.body.file_name, input.body.mapping, input.body.reading);
}

export async function downloadSampleFile(input: ServiceInput<typeof files.downloadSampleFile>): Promise<Reply> {
  const { bytes, fileName } = sampleWorkbook(input.params.lang);
  const reply = fileReply(bytes, fileName, DOWNLOAD_TYPES.xlsx!);
  reply.options.headers!['cache-control'] = 'public, max-age=3600';
  return reply;
}

/** The questions of `file` as the export of `format` in `language`, named after the file. */
async function buildFileExport(file: FileRecord, language: Language, format: ExportFormat) {
  const questions = (await readPool(file.id)).map((q) => exportedQuestion(q, file.language));
  const baseName = file.name.replace(/\.[A-Za-z0-9]+$/, '');
  return exportQuestions(questions, language, format, baseName);
}

/** GET /api/question-files/{name}/export/: the stored questions as xlsx, csv or Anki txt (1 GetItem or Query to resolve + the pool's Query pages). */
export async function exportQuestionFile(
  input: ServiceInput<typeof files.exportQuestionFile>,
  ctx: SignedInContext,
): Promise<Reply> {
  const file = await resolveFile(input.params.name, ctx.caller.user);
  if (!file) throw new AppError(404, 'file_not_found');
  const { bytes, fileName, contentType } = await buildFileExport(file, ctx.language, input.query.format);
  return exportReply(bytes, fileName, contentType);
}

/**
 * POST /api/question-files/{name}/export/ (D198): what the background job needs, for a caller who
 * may read the file (404 otherwise, as the GET). The group starts the job with it.
 */
export async function questionFileExportJob(
  input: ServiceInput<typeof files.startQuestionFileExport>,
  ctx: SignedInContext,
): Promise<BackgroundExportSpec> {
  const file = await resolveFile(input.params.name, ctx.caller.user);
  if (!file) throw new AppError(404, 'file_not_found');
  const { format } = input.query;
  return {
    fileName: exportFileName(file.name.replace(/\.[A-Za-z0-9]+$/, ''), format),
    contentType: EXPORT_CONTENT_TYPES[format],
    params: { file_id: file.id, format, language: ctx.language },
  };
}

/** The background build of a question-file export; the user must still be able to read the file. */
export async function buildQuestionFileExport(userId: string, params: Record<string, string>): Promise<Uint8Array> {
  const user = await getCallerUser(userId);
  const file = user && params.file_id ? await resolveFile(params.file_id, user) : null;
  if (!file) throw new AppError(404, 'file_not_found');
  const format = params.format as ExportFormat;
  const language = params.language === 'en' ? 'en' : 'ko';
  return (await buildFileExport(file, language, format)).bytes;
}

/** A background export's name, type and builder input, as a use case hands them to `startExport`. */
export interface BackgroundExportSpec {
  fileName: string;
  contentType: string;
  params: Record<string, string>;
}

/** A Lambda answer carries at most 6 MB base64-encoded: a larger export is refused rather than cut. */
export const MAX_EXPORT_BYTES = 4 * 1024 * 1024;

export function exportReply(bytes: Uint8Array, fileName: string, contentType: string): Reply {
  if (bytes.byteLength > MAX_EXPORT_BYTES) throw new AppError(413, 'export_too_large', { limit: '4 MB' });
  return fileReply(bytes, fileName, contentType);
}
