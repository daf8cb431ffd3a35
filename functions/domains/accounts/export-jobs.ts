import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJob, ExportKind } from '#shared/contracts/exports.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import { newId } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import { contentDisposition } from '../../runtime/http/file-reply.js';
import { jsonReply, redirectReply, XLSX_CONTENT_TYPE, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { startInBackground } from '../../runtime/background.js';
import { createLogger } from '../../runtime/log.js';
import { listObjectKeys, deleteObject, presignDownload, putObject } from '../files/index.js';

/**
 * Background exports (D195): the route writes a pending job to the ephemeral table and invokes its
 * own function asynchronously; that invocation builds the file into the bucket under `exports/`
 * and marks the job done (or failed). The owner polls the job and downloads through a 302 to a
 * presigned GET. Jobs expire from the table after a day (TTL); their objects are removed by the
 * retention job (s3rver has no lifecycle rules, so the bucket's rule is not relied on).
 */
export const EXPORT_TASK = 'export';
/** How long a job (and its file) stays fetchable. */
const JOB_SECONDS = 24 * 3600;
const DOWNLOAD_URL_SECONDS = 300;
const EXPORTS_PREFIX = 'exports/';

/** `params`: what the kind's builder needs beyond the user (a file or exam id, a format, a language; D198). */
type StoredJob = ExportJob & {
  user_id: string;
  object_key: string;
  params?: Record<string, string>;
  content_type?: string;
};

/** What a kind's builder is given; it re-checks the user's access, which may have changed since the start. */
export interface ExportJobInput {
  kind: ExportKind;
  userId: string;
  params: Record<string, string>;
}

export const exportJobKey = (id: string) => ({ pk: `EXPORT#${id}`, sk: 'EXPORT' });

/** `exports/<day>/<user>/<job>`: the day first, so the retention job removes whole past days without reading each object. */
const objectKey = (day: string, userId: string, jobId: string) => `${EXPORTS_PREFIX}${day}/${userId}/${jobId}`;

const contentTypeOf = (job: StoredJob) => job.content_type ?? XLSX_CONTENT_TYPE;

async function readJob(id: string): Promise<StoredJob | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.ephemeralTable, Key: exportJobKey(id), ConsistentRead: true }),
  );
  return (Item as StoredJob | undefined) ?? null;
}

/** The caller's own job, else 404 (another user's job is not told apart from a missing one). */
async function ownJob(ctx: SignedInContext, id: string): Promise<StoredJob> {
  const job = await readJob(id);
  if (!job || job.user_id !== ctx.caller.user.id) throw new AppError(404, 'export_not_found');
  return job;
}

function answer(job: StoredJob, ctx: SignedInContext): ExportJob {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    file_name: job.file_name,
    created_at: job.created_at,
    ...(job.status === 'failed'
      ? { code: job.code ?? 'export_failed', detail: errorMessage(job.code ?? 'export_failed', ctx.language) }
      : {}),
  };
}

/** POST of an export route: a pending job, then the asynchronous invocation of `groupName` that builds it. 202. */
export async function startExport(
  ctx: SignedInContext,
  groupName: string,
  kind: ExportKind,
  fileName: string,
  extra: { params?: Record<string, string>; contentType?: string } = {},
): Promise<Reply> {
  const now = new Date();
  const id = newId();
  const job: StoredJob = {
    id,
    kind,
    status: 'pending',
    file_name: fileName,
    created_at: now.toISOString(),
    user_id: ctx.caller.user.id,
    object_key: objectKey(now.toISOString().slice(0, 10), ctx.caller.user.id, id),
    ...(extra.params ? { params: extra.params } : {}),
    ...(extra.contentType ? { content_type: extra.contentType } : {}),
  };
  await db().send(
    new PutCommand({
      TableName: config.ephemeralTable,
      Item: { ...job, ...exportJobKey(id), expiresAt: Math.floor(now.getTime() / 1000) + JOB_SECONDS },
    }),
  );
  try {
    await startInBackground(groupName, EXPORT_TASK, { job_id: id });
  } catch (error) {
    ctx.log.error('export not started', { job: id, error: (error as Error).message });
    await finish(id, { status: 'failed', code: 'export_start_failed' });
    throw new AppError(503, 'export_start_failed');
  }
  return jsonReply(answer(job, ctx), { status: 202 });
}

async function finish(id: string, outcome: { status: 'done' } | { status: 'failed'; code: string }) {
  await db().send(
    new UpdateCommand({
      TableName: config.ephemeralTable,
      Key: exportJobKey(id),
      UpdateExpression:
        outcome.status === 'done'
          ? 'SET #status = :s, finished_at = :t'
          : 'SET #status = :s, code = :c, finished_at = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':s': outcome.status,
        ':t': new Date().toISOString(),
        ...(outcome.status === 'failed' ? { ':c': outcome.code } : {}),
      },
    }),
  );
}

/**
 * The background invocation: builds the job's file with `build` (which knows its kind) and stores
 * it. A failure is recorded on the job rather than thrown, so Lambda's two retries of an async
 * invocation do not rebuild an export that cannot succeed.
 */
export async function runExportJob(
  payload: Record<string, string>,
  build: (job: ExportJobInput) => Promise<Uint8Array>,
): Promise<void> {
  const log = createLogger({ task: EXPORT_TASK, job: payload.job_id });
  const job = payload.job_id ? await readJob(payload.job_id) : null;
  if (!job || job.status !== 'pending') return void log.warn('export job not pending', { found: !!job });
  try {
    const bytes = await build({ kind: job.kind, userId: job.user_id, params: job.params ?? {} });
    await putObject(job.object_key, bytes, { contentType: contentTypeOf(job), fileName: job.file_name });
    await finish(job.id, { status: 'done' });
    log.info('export built', { kind: job.kind, bytes: bytes.byteLength });
  } catch (error) {
    log.error('export failed', { kind: job.kind, error: (error as Error).message });
    // A refusal of the builder's own (access lost since the start) keeps its code; anything else is export_failed.
    await finish(job.id, { status: 'failed', code: error instanceof AppError ? error.code : 'export_failed' });
  }
}

/** GET /api/exports/{id}/ */
export async function getExportJob(ctx: SignedInContext, id: string): Promise<ExportJob> {
  return answer(await ownJob(ctx, id), ctx);
}

/** GET /api/exports/{id}/download/: 302 to a presigned GET of the finished file. */
export async function downloadExport(ctx: SignedInContext, id: string): Promise<Reply> {
  const job = await ownJob(ctx, id);
  if (job.status === 'pending') throw new AppError(409, 'export_not_ready');
  if (job.status === 'failed') throw new AppError(409, job.code ?? 'export_failed');
  const url = await presignDownload(
    job.object_key,
    { contentType: contentTypeOf(job), disposition: contentDisposition(job.file_name) },
    DOWNLOAD_URL_SECONDS,
  );
  return redirectReply(url);
}

/** Removes export files of days before yesterday (their jobs have expired); the retention job's step. */
export async function removeExpiredExports(now = new Date()): Promise<number> {
  const yesterday = new Date(now.getTime() - JOB_SECONDS * 1000).toISOString().slice(0, 10);
  let removed = 0;
  for (const key of await listObjectKeys(EXPORTS_PREFIX)) {
    const day = key.slice(EXPORTS_PREFIX.length, EXPORTS_PREFIX.length + 10);
    if (day >= yesterday) continue;
    await deleteObject(key);
    removed++;
  }
  return removed;
}
