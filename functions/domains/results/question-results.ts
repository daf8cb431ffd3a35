import type * as contracts from '#shared/contracts/results.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { findUserIdByUsername } from '../users/index.js';
import { getExamWithQuestions, type StoredQuestion, canReadExam, studyRoleGrantsEdit } from '../exams/index.js';
import { questionStatEntity, accuracyOf, nextStat } from '../learning/index.js';
import { AppError, conflict, forbidden, notFound } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import {
  clearPendingResultsDeletion,
  deleteStatsOfExamQuestions,
  deleteStatsOfQuestions,
  deleteTakersStats,
  savePendingResultsDeletion,
} from './question-stats-deletion.js';
import { getMany, TransactionCancelled, putStats } from './result-store.js';
import { retry } from '../../runtime/retry.js';
import { adjustment } from './results.js';

/**
 * The exam detail screen's statistics actions (docs/product.md#roles, #results; docs/architecture.md L11–L13):
 * delete the caller's statistics of questions, delete every taker's for an exam (admins), and
 * shift the accuracy of an exam's questions. Statistics are per question id, so they follow the
 * question into every exam that holds it; questions outside the named exam are never touched.
 */

/** The exam's questions (all, or those of `ids`) when the caller may read it; 404 otherwise. */
async function examQuestions(examId: string, caller: CallerUser, ids?: string[]) {
  const { exam, questions } = await getExamWithQuestions(examId);
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  const wanted = ids ? new Set(ids) : null;
  const seen = new Set<string>();
  const picked: StoredQuestion[] = [];
  for (const q of questions) {
    if ((wanted && !wanted.has(q.id)) || seen.has(q.id)) continue;
    seen.add(q.id);
    picked.push(q);
  }
  return { exam, questions: picked };
}

/** DELETE /api/delete-question-results-global/: the caller's own statistics of these questions. */
export async function deleteQuestionResultsGlobal(
  input: ServiceInput<typeof contracts.deleteQuestionResultsGlobal>,
  ctx: SignedInContext,
) {
  const deleted = await deleteStatsOfQuestions(ctx.caller.user.id, [...new Set(input.body.question_ids)]);
  return {
    success: true as const,
    message: errorMessage('question_results_deleted', ctx.language, { count: deleted }),
    deleted_count: deleted,
  };
}

/** How long `delete_all` works inside one request before answering `completed: false` (the rest continues in the background). */
const DELETE_ALL_BUDGET_MS = 20_000;

/**
 * DELETE /api/delete-question-results/: the caller's statistics of the exam's questions, or with
 * `delete_all` every taker's (gsi2 `EXAM#<id>#TAKERS`) plus the caller's. Idempotent: a repeated
 * call deletes what is left, so an unfinished run (`completed: false`) is finished by the next.
 */
export async function deleteQuestionResults(
  input: ServiceInput<typeof contracts.deleteQuestionResults>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { exam, questions } = await examQuestions(input.body.exam_id, caller, input.body.question_ids);
  if (!input.body.delete_all) {
    const deleted = await deleteStatsOfExamQuestions(caller.id, questions);
    return {
      success: true as const,
      message: errorMessage('question_results_deleted', ctx.language, { count: deleted }),
      deleted_count: deleted,
      users_affected: deleted > 0 ? 1 : 0,
      completed: true,
    };
  }
  if (!isSiteAdmin(caller) && !(await studyRoleGrantsEdit(exam, caller.id)))
    throw forbidden('results_delete_all_forbidden');
  const deadline = Date.now() + DELETE_ALL_BUDGET_MS;
  const own = await deleteStatsOfExamQuestions(caller.id, questions);
  const takers = await deleteTakersStats(exam.id, questions, deadline);
  const deleted = own + takers.deleted;
  const users = takers.users + (own > 0 ? 1 : 0);
  const completed = takers.completed;
  // What does not fit in the request continues in the background: the nightly retention-cleanup
  // job picks the marker up from the last taker done (repeating this call also finishes it).
  if (completed) await clearPendingResultsDeletion(exam.id);
  else {
    await savePendingResultsDeletion({
      exam_id: exam.id,
      question_ids: questions.map((q) => q.id),
      requested_by_id: caller.id,
      requested_at: new Date().toISOString(),
      after: takers.last,
    });
  }
  return {
    success: true as const,
    message: errorMessage(completed ? 'question_results_deleted' : 'question_results_deleting', ctx.language, {
      count: deleted,
    }),
    deleted_count: deleted,
    users_affected: users,
    completed,
  };
}

/** Whose statistics: the caller's, or (site admins only) the named user's. */
async function targetUser(caller: CallerUser, username: string | null | undefined): Promise<string> {
  const name = (username ?? '').trim();
  if (!name || name.toLowerCase() === caller.username.toLowerCase()) return caller.id;
  if (!isSiteAdmin(caller)) throw forbidden('statistics_forbidden');
  const id = await findUserIdByUsername(name);
  if (!id) throw notFound('user_not_found');
  return id;
}

/** Statistics written per transaction (each Put conditioned on the version read). */
const ADJUST_CHUNK = 100;

/**
 * POST /api/bulk-adjust-user-accuracy/: each question's accuracy moves by the percentage points
 * (clamped to 0–100) through added attempts — correct ones up, wrong ones down — as the single
 * adjustment does; questions already at the clamped target are left alone. Per 100 questions:
 * 1 BatchGetItem + 1 transaction, re-read and retried when a submit raced it.
 */
export async function bulkAdjustUserAccuracy(
  input: ServiceInput<typeof contracts.bulkAdjustUserAccuracy>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const body = input.body;
  const userId = await targetUser(caller, body.target_username);
  const ids = body.question_ids && body.question_ids.length > 0 ? body.question_ids : undefined;
  const { exam, questions } = await examQuestions(body.exam_id, caller, ids);
  const type = body.adjustment_type === 'increase' ? 'clear' : 'ambiguous';
  const sign = body.adjustment_type === 'increase' ? 1 : -1;
  const now = new Date();
  let adjusted = 0;
  for (let i = 0; i < questions.length; i += ADJUST_CHUNK) {
    const chunk = questions.slice(i, i + ADJUST_CHUNK);
    adjusted += await retry(
      async () => {
        const previous = await getMany(chunk.map((q) => questionStatEntity.key(userId, q.id)));
        const writes = chunk.flatMap((q) => {
          const before = previous.get(questionStatEntity.key(userId, q.id).sk);
          const total = Number(before?.total_attempts ?? 0);
          const correct = Number(before?.correct_attempts ?? 0);
          const current = accuracyOf(total, correct);
          const target = Math.min(100, Math.max(0, current + sign * body.adjustment_percentage));
          if (target === current) return [];
          const add = adjustment(total, correct, type, target);
          const attempts = [
            ...Array<boolean>(add.correct).fill(true),
            ...Array<boolean>(add.attempts - add.correct).fill(false),
          ];
          // Statistics only: never another user's FSRS schedule (docs/learning.md, the accuracy adjustment).
          return [{ item: nextStat(userId, q.id, before, attempts, now, exam.id, { reviews: [] }), previous: before }];
        });
        await putStats(writes);
        return writes.length;
      },
      { attempts: 4, baseMs: 10, shouldRetry: (error) => error instanceof TransactionCancelled },
    ).catch((error: unknown) => {
      throw error instanceof TransactionCancelled ? conflict('submission_busy') : error;
    });
  }
  return {
    success: true as const,
    message: errorMessage('accuracy_bulk_adjusted', ctx.language, { count: adjusted }),
    adjusted_count: adjusted,
    total_questions: questions.length,
  };
}
