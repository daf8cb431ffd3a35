import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { queryPages } from '../../runtime/data/paginate.js';
import { finishPendingWork } from '../../runtime/data/pending-work.js';
import { examSummaryEntity, questionStatEntity, statsFor, statsForQuestions } from '../learning/index.js';
import {
  pendingResultsDeletionEntity,
  type PendingResultsDeletionRecord,
} from './entities/pending-results-deletion.js';
import { type StoredQuestion } from '../files/index.js';
import { forgetPlaces, getExamWithQuestions } from '../exams/index.js';
import { db } from '../../runtime/data/db.js';

/**
 * Deleting a user's statistics of chosen questions (docs/architecture.md L12, L13). A statistic is
 * `USER#<id>`/`QSTAT#<questionId>` (its due-index entry goes with it); results, summaries and the
 * statistics of every other question are left alone. The learner's places in exams (`QNEW#`, D308)
 * go too: they count answered questions, and the next queue read rebuilds them.
 */

/** Deletes the user's existing statistics among these questions of an exam: prefix Queries / BatchGets to find them, BatchWrites of 25. */
export async function deleteStatsOfExamQuestions(userId: string, questions: StoredQuestion[]): Promise<number> {
  const existing = [...(await statsForQuestions(userId, questions, { consistent: true })).keys()];
  await batchWriteAll(existing.map((id) => deleteRequest(questionStatEntity.key(userId, id))));
  if (existing.length > 0) await forgetPlaces(userId);
  return existing.length;
}

/** The same for question ids without an exam (BatchGets of 100 to find them). */
export async function deleteStatsOfQuestions(userId: string, questionIds: string[]): Promise<number> {
  const existing = [...(await statsFor(userId, questionIds, { consistent: true })).keys()];
  await batchWriteAll(existing.map((id) => deleteRequest(questionStatEntity.key(userId, id))));
  if (existing.length > 0) await forgetPlaces(userId);
  return existing.length;
}

/** Who has taken the exam (gsi2 `EXAM#<examId>#TAKERS`, user ids ascending), page by page from `after`. */
export async function* examTakers(examId: string, after?: string): AsyncGenerator<string> {
  const index = examSummaryEntity.takersIndex(examId, after ?? '');
  for await (const page of queryPages({
    IndexName: 'gsi2',
    KeyConditionExpression: after ? 'gsi2pk = :pk AND gsi2sk > :after' : 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': index.gsi2pk, ...(after ? { ':after': after } : {}) },
    ProjectionExpression: 'gsi2sk',
  })) {
    for (const item of page.items) yield examSummaryEntity.takerOf(item);
  }
}

export interface TakersDeletion {
  deleted: number;
  users: number;
  completed: boolean;
  /** The last taker done; the next run starts after it. */
  last: string | null;
}

/**
 * Every taker's statistics of these questions (L13), takers in user-id order from the one after
 * `after`, until `deadline`. Idempotent: a taker done twice has nothing left the second time.
 */
export async function deleteTakersStats(
  examId: string,
  questions: StoredQuestion[],
  deadline: number,
  after: string | null = null,
): Promise<TakersDeletion> {
  let deleted = 0;
  let users = 0;
  let last = after;
  for await (const userId of examTakers(examId, after ?? undefined)) {
    if (Date.now() > deadline) return { deleted, users, completed: false, last };
    const count = await deleteStatsOfExamQuestions(userId, questions);
    deleted += count;
    if (count > 0) users++;
    last = userId;
  }
  return { deleted, users, completed: true, last };
}

/** Leaves an unfinished "delete everyone's results" for the nightly job (one PutItem; a newer request replaces an older one). */
export async function savePendingResultsDeletion(record: PendingResultsDeletionRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: config.appTable, Item: pendingResultsDeletionEntity.item(record) }));
}

/** A finished request removes its marker (if a run left one). */
export async function clearPendingResultsDeletion(examId: string): Promise<void> {
  await batchWriteAll([deleteRequest(pendingResultsDeletionEntity.key(examId))]);
}

/**
 * The retention-cleanup job's part (gsi2 `RESULTSDELETES`): each unfinished deletion continues from
 * its last taker until `deadline`; done ones lose their marker, the others keep their place. An exam
 * deleted meanwhile has nothing left to delete from.
 */
export async function finishPendingResultsDeletions(deadline: number): Promise<{ exams: number; unfinished: number }> {
  const { found, unfinished } = await finishPendingWork(
    pendingResultsDeletionEntity.pendingPartition,
    'pk, sk',
    deadline,
    continueResultsDeletion,
  );
  return { exams: found, unfinished };
}

async function continueResultsDeletion(
  key: Record<string, unknown>,
  deadline: number,
): Promise<{ completed: boolean }> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }),
  );
  if (!Item) return { completed: true };
  const record = pendingResultsDeletionEntity.parse(Item);
  const { exam, questions } = await getExamWithQuestions(record.exam_id);
  if (!exam) {
    await clearPendingResultsDeletion(record.exam_id);
    return { completed: true };
  }
  const wanted = new Set(record.question_ids);
  const outcome = await deleteTakersStats(
    record.exam_id,
    questions.filter((q) => wanted.has(q.id)),
    deadline,
    record.after,
  );
  if (outcome.completed) await clearPendingResultsDeletion(record.exam_id);
  else await savePendingResultsDeletion({ ...record, after: outcome.last });
  return { completed: outcome.completed };
}
