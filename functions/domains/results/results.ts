import type * as contracts from '#shared/contracts/results.js';
import { DETAILS_CURSOR, type ExamResult } from '#shared/contracts/results.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { findExam, getExamWithQuestions, canReadExam } from '../exams/index.js';
import { findUserIdByUsername, getUser } from '../users/index.js';
import { examSummaryEntity, questionStatEntity, statsForQuestions, accuracyOf, nextStat } from '../learning/index.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { resultEntity } from './entities/result.js';
import { resultJobEntity } from './entities/result-job.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import {
  asJob,
  asResult,
  examHoldsQuestion,
  findResultById,
  getCounters,
  getDetailChunk,
  getDetailItems,
  getMany,
  getResult,
  getSummary,
  listResults,
  listSummaries,
  newestOtherResult,
  type ResultRecord,
  TransactionCancelled,
  putStat,
  removeResult,
} from './result-store.js';
import { applyAnswers, type ApplyInput } from './submit.js';
import { runJob } from './stats-job.js';
import { retry } from '../../runtime/retry.js';
import { detailsCursor, detailViews, firstPageView, resultView, statisticView, summaryView } from './result-views.js';

/** POST /api/submit-exam/ (T5). */
export async function submitExam(input: ServiceInput<typeof contracts.submitExam>, ctx: SignedInContext) {
  const { body } = input;
  return applyAnswers({
    kind: 'submit',
    ...answersSent(body, ctx),
    examId: body.exam_id,
    studyId: body.study_id ?? null,
  });
}

/** POST /api/exam/{examId}/continue/: the caller's own earlier result of this exam only (else 404). */
export async function continueExam(input: ServiceInput<typeof contracts.continueExam>, ctx: SignedInContext) {
  const { body } = input;
  return applyAnswers({
    kind: 'continue',
    ...answersSent(body, ctx),
    examId: input.params.examId,
    previousResultId: body.previous_result_id,
  });
}

/** What submit and continue both hand on: who answers, in which language, and the answers sent. */
function answersSent(
  body: Pick<ApplyInput, 'answers'> & { elapsed_seconds: number; submission_id?: string; answered_at?: string },
  ctx: SignedInContext,
) {
  return {
    caller: ctx.caller.user,
    language: ctx.language,
    answers: body.answers,
    elapsedSeconds: body.elapsed_seconds,
    submissionId: body.submission_id,
    answeredAt: body.answered_at,
  };
}

// --- cursors: base64url JSON of DynamoDB's LastEvaluatedKey, only ever inside the caller's partition ---

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/**
 * A cursor must be a key this very query could have produced — the caller's partition, the
 * listed sort-key prefix and, for the per-exam list, that exam's gsi1 partition — or DynamoDB
 * would refuse it (a 500); anything else is 400 cursor_invalid.
 */
function decodeCursor(
  cursor: string | undefined,
  userId: string,
  skPrefix: string,
  examId?: string,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const names = Object.keys(key ?? {})
      .sort()
      .join(',');
    const ok =
      !!key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      key.pk === userPk(userId) &&
      typeof key.sk === 'string' &&
      key.sk.startsWith(skPrefix) &&
      (examId
        ? names === 'gsi1pk,gsi1sk,pk,sk' &&
          key.gsi1pk === resultEntity.examPartition(userId, examId) &&
          typeof key.gsi1sk === 'string'
        : names === 'pk,sk');
    if (ok) return key;
  } catch {
    // fall through
  }
  throw badRequest('cursor_invalid');
}

/** A stale job (its submit stopped half-way and was never retried) is finished by the next reader. */
const STALE_JOB_MS = 60_000;

/** The result (and its job, finished when stale): one BatchGetItem. */
async function ownResult(userId: string, resultId: string): Promise<ResultRecord | null> {
  const found = await getMany([resultEntity.key(userId, resultId), resultJobEntity.key(userId, resultId)]);
  const result = asResult(found.get(resultEntity.key(userId, resultId).sk));
  if (!result) return null;
  const job = asJob(found.get(resultJobEntity.key(userId, resultId).sk));
  if (job && Date.now() - Date.parse(job.updated_at) > STALE_JOB_MS) await runJob(userId, job).catch(() => undefined);
  return result;
}

/**
 * The result with its first page of details (D197): BatchGetItem, then one GetItem of the first
 * chunk of its current revision — two calls whatever the number of details.
 */
async function withFirstPage(userId: string, resultId: string): Promise<ExamResult | null> {
  const result = await ownResult(userId, resultId);
  if (!result) return null;
  const first = result.detail_chunks > 0 ? await getDetailChunk(userId, resultId, result.detail_tag, 1) : [];
  return firstPageView(result, first ?? []);
}

/**
 * GET /api/exam-results/: one page newest first (1 Query) + the count (1 GetItem of the
 * counters or the exam summary), in parallel. `latest=true` with exam_id: the summary's latest
 * result with its details.
 */
export async function listExamResults(input: ServiceInput<typeof contracts.listExamResults>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const { exam_id: examId, latest, cursor } = input.query;
  const pageSize = input.query.page_size ?? 10;
  if (latest === 'true') {
    if (!examId) throw badRequest('result_latest_needs_exam');
    const summary = await getSummary(caller.id, examId);
    const loaded = summary?.latest_result_id ? await withFirstPage(caller.id, summary.latest_result_id) : null;
    return {
      count: summary ? Math.max(0, Number(summary.result_count ?? 0)) : 0,
      next: null,
      results: loaded ? [loaded] : [],
    };
  }
  const startKey = decodeCursor(cursor, caller.id, resultEntity.skPrefix, examId);
  const [page, count] = await Promise.all([
    listResults(caller.id, { examId, limit: pageSize, startKey }),
    examId
      ? getSummary(caller.id, examId).then((s) => Math.max(0, Number(s?.result_count ?? 0)))
      : getCounters(caller.id).then((c) => c.result_count),
  ]);
  return { count, next: encodeCursor(page.lastKey), results: page.items.map((r) => resultView(r)) };
}

/** GET /api/exam-results/summary/: the caller's EXAMSUM items (1 Query) + the exam count (1 GetItem). */
export async function examResultsSummary(
  input: ServiceInput<typeof contracts.examResultsSummary>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const startKey = decodeCursor(input.query.cursor, caller.id, examSummaryEntity.skPrefix);
  const [page, counters] = await Promise.all([
    listSummaries(caller.id, { limit: input.query.page_size ?? 100, startKey }),
    getCounters(caller.id),
  ]);
  return { count: counters.exam_count, next: encodeCursor(page.lastKey), results: page.items.map(summaryView) };
}

/**
 * The result the caller may act on: their own (one BatchGet in their partition), or for a site
 * admin anyone's (gsi2 `RESULTID#<id>`, one Query). Everyone else: 404, as if it did not exist.
 */
async function reachableResult(resultId: string, caller: CallerUser): Promise<ResultRecord> {
  const own = await ownResult(caller.id, resultId);
  if (own) return own;
  if (isSiteAdmin(caller)) {
    const found = await findResultById(resultId);
    if (found) {
      const loaded = await ownResult(found.user_id, resultId);
      if (loaded) return loaded;
    }
  }
  throw notFound('result_not_found');
}

/** GET /api/exam-result/{id}/: the result and the first page of its details (D197). */
export async function getExamResult(input: ServiceInput<typeof contracts.getExamResult>, ctx: SignedInContext) {
  const result = await reachableResult(input.params.id, ctx.caller.user);
  const first = result.detail_chunks > 0 ? await getDetailChunk(result.user_id, result.id, result.detail_tag, 1) : [];
  return firstPageView(result, first ?? []);
}

/**
 * GET /api/exam-result/{id}/details/?cursor=<tag>.<n> (D197): page `n` of the details — the result
 * (BatchGetItem; an admin's read of another's result adds its gsi2 Query) and one GetItem of the
 * chunk. A cursor of an earlier revision (the result was continued since) is 409: the pages of two
 * revisions do not line up.
 */
export async function getExamResultDetails(
  input: ServiceInput<typeof contracts.getExamResultDetails>,
  ctx: SignedInContext,
) {
  const [, tag, page] = DETAILS_CURSOR.exec(input.query.cursor)!;
  const n = Number(page);
  const result = await reachableResult(input.params.id, ctx.caller.user);
  if (tag !== result.detail_tag) throw conflict('result_details_changed');
  if (n > result.detail_chunks) throw badRequest('cursor_invalid');
  const details = await getDetailChunk(result.user_id, result.id, tag, n);
  if (!details) throw conflict('result_details_changed');
  return { details: detailViews(details), next: detailsCursor(result, n + 1) };
}

/**
 * DELETE /api/exam-result/{id}/ (L9): the result, its details and job in one transaction with the
 * counters and the exam summary (whose latest_* moves to the newest remaining result). The
 * caller's question statistics already counted stay (docs/decisions/results-and-grading.md).
 */
export async function deleteExamResult(input: ServiceInput<typeof contracts.deleteExamResult>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  let owner = caller.id;
  let result = await getResult(caller.id, input.params.id);
  if (!result && isSiteAdmin(caller)) {
    const found = await findResultById(input.params.id);
    if (found) {
      owner = found.user_id;
      result = await getResult(owner, input.params.id);
    }
  }
  if (!result) throw notFound('result_not_found');
  const target = result;
  const gone = (error: unknown) => error instanceof TransactionCancelled && error.conditionFailedAt(0);
  try {
    await retry(
      async () => {
        const [summary, detailItems] = await Promise.all([
          getSummary(owner, target.exam_id),
          getDetailItems(owner, target.id),
        ]);
        const last = !summary || summary.result_count <= 1;
        const newest =
          summary && !last && summary.latest_result_id === target.id
            ? await newestOtherResult(owner, target.exam_id, target.id)
            : null;
        await removeResult(target, detailItems.map(primaryKeyOf), last ? { remove: true } : { remove: false, newest });
      },
      { attempts: 4, baseMs: 10, shouldRetry: (error) => error instanceof TransactionCancelled && !gone(error) },
    );
  } catch (error) {
    if (gone(error)) throw notFound('result_not_found');
    if (error instanceof TransactionCancelled) throw conflict('submission_busy');
    throw error;
  }
  return { success: true as const, message: errorMessage('result_deleted', ctx.language) };
}

/**
 * GET /api/exam/{examId}/question-statistics/ (L1): the exam (1 Query) and the statistics of its
 * questions: per source file holding ≥ 100 of them one Query `QSTAT#<fileId>-` (1 MB ≈ thousands
 * of statistics), the others by key (BatchGetItem of 100). Admins may name a user.
 */
export async function questionStatistics(
  input: ServiceInput<typeof contracts.questionStatistics>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { user_id: userIdParam, username } = input.query;
  let target = caller.id;
  if (userIdParam || username) {
    const asked = userIdParam || (username ? await findUserIdByUsername(username) : null);
    if (asked !== caller.id) {
      if (!isSiteAdmin(caller)) throw forbidden('statistics_forbidden');
      if (!asked || !(userIdParam ? await getUser(asked) : true)) throw notFound('statistics_user_not_found');
      target = asked;
    }
  }
  const { exam, questions } = await getExamWithQuestions(input.params.examId);
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');

  const stats = await statsForQuestions(target, questions, { consistent: true });
  return questions.flatMap((q) => {
    const stat = stats.get(String(q.id));
    return stat ? [statisticView(stat)] : [];
  });
}

/** Attempts an adjustment adds at most when a target is given. */
const MAX_ADJUST_ATTEMPTS = 1000;

/**
 * How many attempts an adjustment records: one (correct for `clear`, wrong for `ambiguous`), or
 * with a target the fewest (≥ 1, ≤ 1,000) that bring the accuracy to it — up for clear, down for
 * ambiguous. Counts only ever grow.
 */
export function adjustment(
  total: number,
  correct: number,
  type: 'clear' | 'ambiguous',
  target?: number,
): { attempts: number; correct: number } {
  const correctPer = type === 'clear' ? 1 : 0;
  if (target === undefined) return { attempts: 1, correct: correctPer };
  let k = 1;
  for (; k < MAX_ADJUST_ATTEMPTS; k++) {
    const accuracy = accuracyOf(total + k, correct + k * correctPer);
    if (type === 'clear' ? accuracy >= target : accuracy <= target) break;
  }
  return { attempts: k, correct: k * correctPer };
}

/** POST /api/adjust-question-accuracy/ (L10): the caller's own statistic of a question of a readable exam. */
export async function adjustQuestionAccuracy(
  input: ServiceInput<typeof contracts.adjustQuestionAccuracy>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { question_id: questionId, exam_id: examId, adjustment_type: type, target_percentage: target } = input.body;
  const [exam, holds] = await Promise.all([findExam(examId), examHoldsQuestion(examId, questionId)]);
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  if (!holds) throw notFound('question_not_in_exam');
  // The statistic's version guards the write; a racing writer means read again (4 attempts).
  const item = await retry(
    async () => {
      const [previous] = (await getMany([questionStatEntity.key(caller.id, questionId)])).values();
      const total = Number(previous?.total_attempts ?? 0);
      const correct = Number(previous?.correct_attempts ?? 0);
      const add = adjustment(total, correct, type, target);
      const attempts = [
        ...Array<boolean>(add.correct).fill(true),
        ...Array<boolean>(add.attempts - add.correct).fill(false),
      ];
      // Statistics only: an adjustment is not a recall, so the FSRS card is left as it is (docs/learning.md).
      const next = nextStat(caller.id, questionId, previous, attempts, new Date(), examId, { reviews: [] });
      await putStat({ item: next, previous });
      return next;
    },
    { attempts: 4, baseMs: 10, shouldRetry: (error) => error instanceof TransactionCancelled },
  ).catch((error: unknown) => {
    throw error instanceof TransactionCancelled ? conflict('submission_busy') : error;
  });
  const statistic = statisticView(item);
  return {
    success: true as const,
    message: errorMessage('accuracy_adjusted', ctx.language, { accuracy: statistic.accuracy_percentage }),
    message_params: { accuracy: statistic.accuracy_percentage, question_id: questionId, adjustment_type: type },
    statistic,
  };
}
