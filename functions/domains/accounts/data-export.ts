import { userPartition } from '../../runtime/data/paginate.js';
import type { Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { startExport } from './export-jobs.js';
import { reviewLogEntity } from '../learning/index.js';
import { sittingsOf } from '../results/index.js';
import { imagesOfCreator } from '../exams/index.js';
import { fileImagesOfOwner } from '../files/index.js';

/** Attributes that are storage plumbing or secrets, never personal data worth exporting. */
const NEVER_EXPORTED = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'passwordHash']);
/**
 * Left by grades before D262 and read by nothing: `REVLEARN#` items and a grade's `learning_before`
 * copy of one, stale duplicates of the due date the statistic (`qstat` sheet) holds.
 */
const LEGACY_KINDS = new Set(['REVLEARN']);
const LEGACY_ATTRIBUTES = new Set(['learning_before']);
/** Excel refuses longer cells. */
const MAX_CELL = 32_767;

/** `RESULT#2024-…#abc` → `RESULT`; the profile item `USER` → `USER`. */
export function recordKind(sk: string): string {
  return sk.split('#')[0] || 'OTHER';
}

function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.slice(0, MAX_CELL);
  if (value instanceof Set) return JSON.stringify([...value]).slice(0, MAX_CELL);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64').slice(0, MAX_CELL);
  return JSON.stringify(value).slice(0, MAX_CELL);
}

/**
 * Groups the rows of the user's partition by kind (the sk prefix before `#`) into one sheet each,
 * with the union of their attributes as columns. Written generically: a record kind added later
 * (results, statistics, favorites…) appears in the export without a change here.
 */
export function exportSheets(items: Record<string, unknown>[]): { name: string; rows: unknown[][] }[] {
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const item of items.flatMap(reviewRows)) {
    const kind = recordKind(String(item.sk ?? ''));
    if (LEGACY_KINDS.has(kind)) continue;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(item);
  }
  // The profile first, then the other kinds alphabetically.
  const kinds = [...byKind.keys()].sort((a, b) => (a === 'USER' ? -1 : b === 'USER' ? 1 : a.localeCompare(b)));
  return kinds.map((kind) => {
    const records = byKind.get(kind)!;
    const columns: string[] = [];
    for (const record of records) {
      for (const name of Object.keys(record)) {
        if (!NEVER_EXPORTED.has(name) && !LEGACY_ATTRIBUTES.has(name) && !columns.includes(name)) columns.push(name);
      }
    }
    const sheetName = kind === 'USER' ? 'profile' : kind.toLowerCase();
    return { name: sheetName, rows: [columns, ...records.map((r) => columns.map((c) => cell(r[c])))] };
  });
}

const STATES = ['new', 'learning', 'review', 'relearning'];
/** Rating 0 is a card postponed or advanced (its result id names which); the days are then its new interval. */
const RATINGS = ['moved', 'again', 'hard', 'good', 'easy'];

/** A review-log item (`REVLOG#`, one per graded write) becomes one row per review in the `revlog` sheet. */
function reviewRows(item: Record<string, unknown>): Record<string, unknown>[] {
  if (recordKind(String(item.sk ?? '')) !== reviewLogEntity.skPrefix.slice(0, -1) || !Array.isArray(item.reviews))
    return [item];
  const log = reviewLogEntity.parse(item);
  return log.reviews.map(([questionId, rating, elapsedDays, before, after, seconds]) => ({
    sk: item.sk,
    answered_at: log.answered_at,
    question_id: questionId,
    rating: RATINGS[rating] ?? rating,
    elapsed_days: elapsedDays,
    state_before: STATES[before] ?? before,
    state_after: STATES[after] ?? after,
    seconds: seconds < 0 ? '' : seconds,
    exam_id: log.exam_id,
    result_id: log.result_id,
  }));
}

export async function buildExportWorkbook(userId: string): Promise<Uint8Array> {
  const items: Record<string, unknown>[] = [];
  for await (const item of userPartition(userId)) items.push(item);
  // Sittings in progress live in the ephemeral table; one `sitting` sheet row each.
  for (const { exam_id, version, updated_at, state } of await sittingsOf(userId))
    items.push({ sk: `SITTING#${exam_id}`, exam_id, version, updated_at, state });
  const sheets = exportSheets(items);
  // Question images live in the bucket, not the partition: the export lists where each one is read.
  const images = await imagesOfCreator(userId);
  if (images.length > 0) {
    sheets.push({
      name: 'images',
      rows: [['exam_id', 'image_id', 'url'], ...images.map((i) => [i.exam_id, i.image_id, i.url])],
    });
  }
  // Images that came with an import stay with their question file until an exam copies them (D176).
  const fileImages = await fileImagesOfOwner(userId);
  if (fileImages.length > 0) {
    sheets.push({
      name: 'file_images',
      rows: [['file_id', 'image_id', 'url'], ...fileImages.map((i) => [i.file_id, i.image_id, i.url])],
    });
  }
  // SheetJS is read when a build runs, not at init: the same Lambda answers every poll of the job (D499).
  const { writeWorkbook } = await import('../../runtime/spreadsheets/sheet-writer.js');
  return writeWorkbook(sheets);
}

const exportFileName = (username: string) => `user_data_export_${username}.xlsx`;

/**
 * POST /api/export-user-data/: the workbook built in the background into the bucket (D195). Only a
 * POST builds it (no GET does, D349): content a viewer loads cannot start one on their behalf.
 */
export async function startUserDataExport(ctx: SignedInContext, groupName: string): Promise<Reply> {
  return startExport(ctx, groupName, 'user-data', exportFileName(ctx.caller.user.username));
}
