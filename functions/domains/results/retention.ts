import { config } from '../../runtime/config.js';
import { queryPages } from '../../runtime/data/paginate.js';
import { retry } from '../../runtime/retry.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { questionStatEntity, statCondition } from '../learning/index.js';
import { forgetPlaces } from '../exams/index.js';
import { resultEntity } from './entities/result.js';
import { resultJobEntity } from './entities/result-job.js';
import { userPk } from '../../runtime/data/key-parts.js';
import {
  asJob,
  asResult,
  detailsOfRevision,
  getCounters,
  getDetailItems,
  getMany,
  getSummary,
  newestOtherResult,
  type ResultRecord,
  TransactionCancelled,
  removeResult,
} from './result-store.js';
import { runJob } from './stats-job.js';
import { transactWrite, TRANSACTION_RETRY, type TransactItem } from '../../runtime/data/db.js';

/**
 * Retention cleanup, the "memory drain" (docs/architecture.md §2.6 L22, docs/decisions/results-and-grading.md
 * D222): the oldest ⌊result_count × p / 100⌋ results of the user go, and each affected question's
 * statistic loses what those results contributed.
 *
 * Per result, oldest first (the id is time-ordered, so `RESULT#` ascending is oldest first):
 * BatchGet RESULT + RESULTJOB ∥ Query its detail chunks (a pending job is finished first, so its
 * statistics exist before they are subtracted) → the L9 delete (result, chunks, job, COUNTERS,
 * EXAMSUM with latest_* moved or the summary removed) → the statistics of the result's current
 * details: BatchGet → Put with total − attempts, correct − correct answers (never below 0; the
 * statistic is deleted when no attempt is left), each conditioned on the `version` read, ≤ 100 per
 * transaction, re-read and retried on a race. The result is removed before its statistics are
 * reduced, so a failure in between errs on keeping history and never subtracts twice.
 */

export interface RetentionOutcome {
  /** Results removed. */
  deleted: number;
  /** False when the deadline came before every selected result was removed. */
  completed: boolean;
}

/** How many results a cleanup of p % removes: ⌊result_count × p / 100⌋. */
export function resultsToRemove(resultCount: number, percentage: number): number {
  const p = Math.min(100, Math.max(0, Number(percentage) || 0));
  return Math.floor((Math.max(0, resultCount) * p) / 100);
}

/** The user's oldest `limit` results (ids and exam ids), in pages of ≤ 100. */
async function oldestResults(userId: string, limit: number): Promise<ResultRecord[]> {
  const found: ResultRecord[] = [];
  const pages = queryPages(() => ({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':r': resultEntity.skPrefix },
    ScanIndexForward: true,
    ConsistentRead: true,
    Limit: Math.min(100, limit - found.length),
  }));
  for await (const page of pages) {
    found.push(...page.items.map(resultEntity.parse));
    if (found.length >= limit) break;
  }
  return found;
}

type Contribution = { attempts: number; correct: number };

/** L9 for one result (as DELETE exam-result does). False when it was gone already. */
async function removeOne(
  userId: string,
  result: ResultRecord,
  detailKeys: { pk: string; sk: string }[],
): Promise<boolean> {
  const gone = (error: unknown) => error instanceof TransactionCancelled && error.conditionFailedAt(0);
  try {
    await retry(
      async () => {
        const summary = await getSummary(userId, result.exam_id);
        const last = !summary || summary.result_count <= 1;
        const newest =
          summary && !last && summary.latest_result_id === result.id
            ? await newestOtherResult(userId, result.exam_id, result.id)
            : null;
        await removeResult(result, detailKeys, last ? { remove: true } : { remove: false, newest });
      },
      { attempts: 4, baseMs: 20, shouldRetry: (error) => error instanceof TransactionCancelled && !gone(error) },
    );
    return true;
  } catch (error) {
    if (gone(error)) return false;
    throw error;
  }
}

/** Subtracts contributions from the statistics, ≤ 100 per transaction, version-conditioned. */
async function drainStatistics(userId: string, contributions: Map<string, Contribution>): Promise<void> {
  const ids = [...contributions.keys()];
  let emptied = false;
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    await retry(async () => {
      const found = await getMany(batch.map((id) => questionStatEntity.key(userId, id)));
      const items = batch.flatMap((id): TransactItem[] => {
        const previous = found.get(questionStatEntity.key(userId, id).sk);
        if (!previous) return [];
        const take = contributions.get(id)!;
        const total = Math.max(0, Number(previous.total_attempts ?? 0) - take.attempts);
        const correct = Math.min(total, Math.max(0, Number(previous.correct_attempts ?? 0) - take.correct));
        const condition = statCondition(previous);
        if (total === 0) {
          emptied = true;
          return [{ Delete: { TableName: config.appTable, Key: questionStatEntity.key(userId, id), ...condition } }];
        }
        const item = {
          ...previous,
          total_attempts: total,
          correct_attempts: correct,
          version: Number(previous.version ?? 0) + 1,
        };
        return [{ Put: { TableName: config.appTable, Item: item, ...condition } }];
      });
      await transactWrite(items);
    }, TRANSACTION_RETRY);
  }
  // A question left without statistics is new again: the learner's places (D308) are rebuilt.
  if (emptied) await forgetPlaces(userId);
}

/**
 * Removes the user's oldest ⌊result_count × p / 100⌋ results (with their statistics'
 * contributions) until done or `deadline` (epoch ms).
 */
export async function cleanupOldestResults(
  userId: string,
  percentage: number,
  deadline: number,
): Promise<RetentionOutcome> {
  const { result_count: resultCount } = await getCounters(userId);
  const n = resultsToRemove(resultCount, percentage);
  if (n === 0) return { deleted: 0, completed: true };
  const oldest = await oldestResults(userId, n);
  let deleted = 0;
  for (const listed of oldest) {
    if (Date.now() >= deadline) return { deleted, completed: false };
    const [found, detailItems] = await Promise.all([
      getMany([resultEntity.key(userId, listed.id), resultJobEntity.key(userId, listed.id)]),
      getDetailItems(userId, listed.id),
    ]);
    const result = asResult(found.get(resultEntity.key(userId, listed.id).sk));
    if (!result) continue;
    const job = asJob(found.get(resultJobEntity.key(userId, listed.id).sk));
    // A pending job's statistics are applied first, so what is subtracted was really added.
    if (job) await runJob(userId, job);
    const contributions = new Map<string, Contribution>();
    for (const detail of detailsOfRevision(detailItems, result)) {
      const c = contributions.get(detail.question_id) ?? { attempts: 0, correct: 0 };
      c.attempts += 1;
      if (detail.is_correct) c.correct += 1;
      contributions.set(detail.question_id, c);
    }
    const removed = await removeOne(userId, result, detailItems.map(primaryKeyOf));
    if (!removed) continue;
    deleted++;
    await drainStatistics(userId, contributions);
  }
  return { deleted, completed: true };
}
