import type * as files from '#shared/contracts/files.js';
import { FILE_PAGE_SIZE } from '#shared/contracts/files.js';
import { QUESTION_SHEET_LIMITS, cleanFileName, sheetExtension } from '#shared/domain/question-sheet.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { pendingObjectKey } from './object-keys.js';
import { presignDownload, presignUpload, readObject } from './object-store.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { contentDisposition, fileReply } from '../../runtime/http/file-reply.js';
import { redirectReply, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { newId } from '../../runtime/data/ids.js';
import {
  fileView,
  discardFile,
  getOwnFileByName,
  listFilesPage,
  removeFileRecord,
  setFileVisibility,
  type FileRecord,
  questionPoolCount as poolCount,
} from './file-store.js';
import { resolveFile } from './resolve.js';

const UPLOAD_URL_SECONDS = 900;

function canChange(file: FileRecord, caller: CallerUser): boolean {
  return file.owner_id === caller.id || isSiteAdmin(caller);
}

async function mustResolve(ref: string, caller: CallerUser): Promise<FileRecord> {
  const file = await resolveFile(ref, caller);
  if (!file) throw new AppError(404, 'file_not_found');
  return file;
}

/** Step 1 of the browser upload: a presigned PUT to the caller's own pending prefix. */
export async function createUploadUrl(input: ServiceInput<typeof files.createUploadUrl>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const name = cleanFileName(input.body.file_name);
  if (!sheetExtension(name)) throw new AppError(400, 'sheet_bad_extension', { name: name || input.body.file_name });
  if ((input.body.size ?? 0) > QUESTION_SHEET_LIMITS.maxFileBytes)
    throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
  const uploadId = newId(24);
  // With the size declared, S3 accepts only a body of exactly that length (Content-Length is signed),
  // so a presigned URL cannot park more than the cap in the bucket.
  const size = input.body.size;
  const url = await presignUpload(pendingObjectKey(caller.id, uploadId), size, UPLOAD_URL_SECONDS);
  return {
    upload_id: uploadId,
    url,
    method: 'PUT' as const,
    headers: {},
    expires_in: UPLOAD_URL_SECONDS,
    max_bytes: QUESTION_SHEET_LIMITS.maxFileBytes,
  };
}

/** GET /api/questions/: the question pool's total (one BatchGetItem of the counter shards). */
export async function questionPoolCount() {
  return { count: await poolCount() };
}

/**
 * GET /api/question-files/: the caller's own and the public files in name order, a page at a time with a
 * cursor (`next`); admins every file, filterable by visibility. Another user's file appears once (the
 * public partition without the caller's own, which come from their own index).
 */
export async function listQuestionFiles(input: ServiceInput<typeof files.listQuestionFiles>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const filter = input.query.is_public;
  const page = { cursor: input.query.cursor, pageSize: input.query.page_size ?? FILE_PAGE_SIZE };
  const { files: found, next } = isSiteAdmin(caller)
    ? await listFilesPage(
        {
          visibility: [true, false]
            .filter((p) => filter === undefined || filter === p)
            .map((isPublic) => ({ isPublic })),
        },
        page,
      )
    : await listFilesPage(
        {
          own: { ownerId: caller.id, isPublic: filter },
          visibility: filter === false ? [] : [{ isPublic: true, exceptOwner: caller.id }],
        },
        page,
      );
  return { files: found.map((f) => fileView(f, caller.id)), next };
}

/**
 * check-existing answers for the caller's own name space: uploads are keyed per owner, so only
 * the caller's own file of that name would be replaced. `exists` means "an upload overwrites
 * your file"; `is_private` tells whether that file is private.
 */
export async function checkExistingFile(input: ServiceInput<typeof files.checkExistingFile>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const own = await getOwnFileByName(caller.id, nameKey(cleanFileName(input.params.name)));
  return { exists: !!own, is_private: own ? own.is_public === false : false, is_owner: !!own };
}

export async function updateQuestionFile(input: ServiceInput<typeof files.updateQuestionFile>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const file = await mustResolve(input.params.name, caller);
  if (!canChange(file, caller)) throw new AppError(403, 'file_forbidden');
  const updated = await setFileVisibility(file, input.body.is_public);
  return { success: true as const, file: fileView(updated, caller.id) };
}

export async function deleteQuestionFile(input: ServiceInput<typeof files.deleteQuestionFile>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const file = await mustResolve(input.params.name, caller);
  if (!canChange(file, caller)) throw new AppError(403, 'file_forbidden');
  await removeFileRecord(file);
  await discardFile(file, ctx.log);
  return { success: true as const, message: errorMessage('file_deleted', ctx.language) };
}

export const DOWNLOAD_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  // Text sheets are kept in the encoding they were uploaded in (UTF-16, CP949 …): no charset is claimed.
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  apkg: 'application/zip',
  gift: 'text/plain',
  xml: 'application/xml',
};

/**
 * A Lambda answer carries at most 6 MB, base64-encoded: files up to this size come back inline,
 * larger ones (the presigned upload takes up to 10 MB) as a redirect to a short-lived presigned GET.
 */
const MAX_INLINE_DOWNLOAD_BYTES = 4 * 1024 * 1024;
const DOWNLOAD_URL_SECONDS = 300;

export async function downloadQuestionFile(
  input: ServiceInput<typeof files.downloadQuestionFile>,
  ctx: SignedInContext,
): Promise<Reply> {
  const caller = ctx.caller.user;
  const file = await mustResolve(input.params.name, caller);
  const contentType = DOWNLOAD_TYPES[sheetExtension(file.name) ?? 'xlsx']!;
  if (file.size > MAX_INLINE_DOWNLOAD_BYTES) {
    const url = await presignDownload(
      file.s3_key,
      { contentType, disposition: contentDisposition(file.name) },
      DOWNLOAD_URL_SECONDS,
    );
    return redirectReply(url);
  }
  const bytes = await readObject(file.s3_key);
  if (!bytes) throw new AppError(404, 'file_not_found');
  return fileReply(bytes, file.name, contentType);
}
