import { batchWriteAll, deleteRequest } from '../data/batch-ops.js';
import { queryPages } from '../data/paginate.js';
import { examSummaryEntity, questionStatEntity, type StoredQuestion } from '../data/entities/index.js';
import { statsFor, statsForQuestions } from '../learning/question-stat-store.js';

/**
 * Deleting a user's statistics of chosen questions (docs/architecture.md L12, L13). A statistic is
 * `USER#<id>`/`QSTAT#<questionId>` (its due-index entry goes with it); results, summaries and the
 * statistics of every other question are left alone.
 */

/** Deletes the user's existing statistics among these questions of an exam: prefix Queries / BatchGets to find them, BatchWrites of 25. */
export async function deleteStatsOfExamQuestions(userId: string, questions: StoredQuestion[]): Promise<number> {
  const existing = [...(await statsForQuestions(userId, questions, { consistent: true })).keys()];
  await batchWriteAll(existing.map((id) => deleteRequest(questionStatEntity.key(userId, id))));
  return existing.length;
}

/** The same for question ids without an exam (BatchGets of 100 to find them). */
export async function deleteStatsOfQuestions(userId: string, questionIds: string[]): Promise<number> {
  const existing = [...(await statsFor(userId, questionIds, { consistent: true })).keys()];
  await batchWriteAll(existing.map((id) => deleteRequest(questionStatEntity.key(userId, id))));
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
