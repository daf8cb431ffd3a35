import { createHash } from 'node:crypto';
import { answerTime, chunkDetails, dedupe, grade, merge } from './submit-grading.js';
import { OFFLINE_SITTING_WINDOW_MS, type SubmittedAnswer } from '#shared/contracts/results.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { getExamWithQuestionsAndLinks, canReadExam } from '../exams/index.js';
import {
  answersPlacement,
  examSummaryEntity,
  questionStatEntity,
  schedulerFor,
  type FsrsCard,
} from '../learning/index.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { resultDetailEntity } from './entities/result-detail.js';
import { resultEntity } from './entities/result.js';
import { resultJobEntity } from './entities/result-job.js';
import { newId, newResultId } from '../../runtime/data/ids.js';
import { AppError, conflict, notFound } from '../../runtime/http/app-error.js';
import {
  asJob,
  asResult,
  asSummary,
  detailsOfRevision,
  getDetailChunk,
  getDetailItems,
  getIdempotencyClaim,
  getMany,
  type JobRecord,
  type ResultRecord,
  SUBMIT_ITEM,
  TransactionCancelled,
  deleteKeys,
  putChunks,
  writeSubmit,
  type ChunkRecord,
} from './result-store.js';
import { logOf, runJob, statWrites } from './stats-job.js';
import { backoffDelay, sleep } from '../../runtime/retry.js';
import { firstPageView } from './result-views.js';
import { liveStudyTitle, studyTimeCredits, studyTimeItems } from '../studies/index.js';
import { dayOf } from '#shared/domain/study-progress.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';

/**
 * Submit and continue (docs/architecture.md §2.9 T5, docs/decisions/results-and-grading.md): grade on the
 * server, then write the result, its details, the exam summary, the counters and the caller's
 * statistics exactly once per submit attempt.
 *
 * DynamoDB requests for n answers: 1 Query of the exam (1 MB pages) + 1 BatchGetItem (the first
 * ≤ 90 statistics and the summary) + 1 TransactWriteItems (claim, result, details, summary,
 * counters, those statistics, their review log and day count) + ⌈(n − 89)/97⌉ × (1 BatchGetItem + 1
 * TransactWriteItems, each with its review log); a continue adds 1 Query of the earlier details.
 * 100 answers: 5 requests; 2,000: 43 (the review log adds items to transactions, not requests).
 */

/** Detail bytes the first transaction may carry (transactions are ≤ 4 MB). */
const TX_CHUNK_BYTES = 2 * 1024 * 1024;
/** Without a submission_id, identical answers to the same exam within this window are one submit. */
export const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
/** Statistics written by the first transaction (what is left of its 100 items in the worst case). */
const FIRST_STATS_MAX = 90;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export { answerTime, gradeAnswer } from './submit-grading.js';

export interface ApplyInput {
  kind: 'submit' | 'continue';
  caller: CallerUser;
  language: Language;
  examId: string;
  previousResultId?: string;
  answers: SubmittedAnswer[];
  elapsedSeconds: number;
  submissionId?: string;
  studyId?: string | null;
  /** When the answers were given (a sitting taken offline and sent later); now when absent. */
  answeredAt?: string;
}

function keysFor(input: ApplyInput, answers: SubmittedAnswer[]): { key: string; requestHash: string } {
  // Elapsed times are left out: a retry a few seconds later carries a larger timer value.
  const canonical = JSON.stringify([
    input.kind,
    input.examId,
    input.previousResultId ?? '',
    [...answers]
      .sort((a, b) => (a.question_id < b.question_id ? -1 : a.question_id > b.question_id ? 1 : 0))
      .map((a) => [a.question_id, a.answer.trim(), a.learner_verdict ?? '']),
  ]);
  const requestHash = sha256(canonical);
  if (input.submissionId) return { key: `${input.kind}:s:${input.submissionId}`, requestHash };
  const window = Math.floor(Date.now() / DERIVED_KEY_WINDOW_MS);
  return { key: `${input.kind}:h:${sha256(`${requestHash}#${window}`)}`, requestHash };
}

export interface ApplyAnswer {
  success: true;
  result_id: string;
  replayed: boolean;
  result: ReturnType<typeof firstPageView>;
}

/** Submit (a new result) or continue (more answers on an earlier result of the caller). */
export async function applyAnswers(input: ApplyInput): Promise<ApplyAnswer> {
  const userId = input.caller.id;
  const scheduler = schedulerFor(input.caller);
  const day = scheduler.day;
  const { exam, questions, links } = await getExamWithQuestionsAndLinks(input.examId);
  if (!exam || !(await canReadExam(exam, input.caller))) throw new AppError(404, 'exam_not_found');
  // Study time (S24): the studies linking this exam of which the caller is an active member.
  const studyCredits = await studyTimeCredits(userId, links);
  const answers = dedupe(input.answers);
  const graded = grade(answers, questions, input.language);
  const { key, requestHash } = keysFor(input, answers);
  const examTitle = pickLocalized(exam, 'title', input.language) || exam.title;
  // A study named by a new submit is kept only if it exists (one GetItem, only when one is named).
  const study = input.studyId && !input.previousResultId ? await liveStudyTitle(input.studyId, input.language) : null;

  for (let attempt = 0; ; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw conflict('submission_busy');
    if (attempt > 0) await sleep(backoffDelay(attempt, 40));
    const clock = new Date();

    // Reads: statistics of the answered questions, the exam summary, and for a continue the
    // earlier result, its pending job and its details.
    // Only the first transaction's statistics are read here; a job reads its own batches.
    const reads = [
      ...graded.slice(0, FIRST_STATS_MAX).map((d) => questionStatEntity.key(userId, d.question_id)),
      examSummaryEntity.key(userId, input.examId),
    ];
    if (input.previousResultId)
      reads.push(resultEntity.key(userId, input.previousResultId), resultJobEntity.key(userId, input.previousResultId));
    const [found, previousDetailItems] = await Promise.all([
      getMany(reads),
      input.previousResultId ? getDetailItems(userId, input.previousResultId) : Promise.resolve([]),
    ]);
    const summary = asSummary(found.get(examSummaryEntity.key(userId, input.examId).sk));

    let previous: ResultRecord | null = null;
    if (input.previousResultId) {
      previous = asResult(found.get(resultEntity.key(userId, input.previousResultId).sk));
      if (!previous || previous.exam_id !== input.examId) throw notFound('result_not_found');
      const pendingJob = asJob(found.get(resultJobEntity.key(userId, input.previousResultId).sk));
      if (pendingJob) {
        // The earlier operation's statistics come first; then read again.
        await runJob(userId, pendingJob);
        continue;
      }
    }

    const now = answerTime(input.answeredAt, clock, previous?.completed_at);
    const details = previous ? merge(detailsOfRevision(previousDetailItems, previous), graded) : graded;
    const correct = details.filter((d) => d.is_correct).length;
    const result: ResultRecord = {
      id: previous?.id ?? newResultId(now.getTime()),
      user_id: userId,
      username: input.caller.username,
      exam_id: exam.id,
      exam_title: examTitle,
      exam_title_ko: exam.title_ko ?? '',
      exam_title_en: exam.title_en ?? '',
      study_id: previous ? previous.study_id : (study?.id ?? null),
      study_title: previous ? previous.study_title : (study?.title ?? null),
      score: correct,
      total_score: questions.length,
      correct_count: correct,
      wrong_count: details.length - correct,
      answered_count: details.length,
      elapsed_seconds: (previous ? Number(previous.elapsed_seconds) : 0) + (Number(input.elapsedSeconds) || 0),
      completed_at: now.toISOString(),
      created_at: previous?.created_at ?? now.toISOString(),
      revision: (previous?.revision ?? 0) + 1,
      detail_tag: newId(8),
      detail_chunks: 0,
    };
    const chunks = chunkDetails(details);
    result.detail_chunks = chunks.length;
    const inTransaction: ChunkRecord[] = [];
    let txBytes = 0;
    for (const chunk of chunks) {
      if (inTransaction.length >= 4 || txBytes + chunk.bytes > TX_CHUNK_BYTES) break;
      inTransaction.push({ chunk: chunk.chunk, details: chunk.details });
      txBytes += chunk.bytes;
    }
    const ahead = chunks.slice(inTransaction.length).map((c) => ({ chunk: c.chunk, details: c.details }));

    const isNew = !previous;
    const summaryExisted = !!summary;
    const counters = isNew
      ? { result_count: 1, exam_count: summaryExisted ? 0 : 1 }
      : summaryExisted
        ? null
        : { result_count: 0, exam_count: 1 };
    // A sitting taken offline and synced after a later one does not become the exam's latest (D436).
    const becomesLatest =
      !summary ||
      summary.latest_result_id === result.id ||
      (isNew && !(summary.last_completed_at > result.completed_at));
    const studyTime = studyTimeItems(
      userId,
      studyCredits,
      {
        seconds: Math.round(Number(input.elapsedSeconds) || 0),
        answered: graded.length,
        correct: graded.filter((d) => d.is_correct).length,
        at: now.toISOString(),
      },
      dayOf(now),
    );
    // claim + result + chunks (≤ 4) + summary + counters + (job | job check) + review log and its day + study days and activities (≤ 2 × 5): ≤ 21, so ≥ 79 places are left.
    const fixed = 2 + inTransaction.length + 1 + (counters ? 1 : 0) + 1 + 2 + studyTime.length;
    const firstGraded = graded.slice(0, Math.min(FIRST_STATS_MAX, 100 - fixed));
    const place = await answersPlacement(
      input.caller,
      firstGraded.map((d) => ({
        questionId: d.question_id,
        before: found.get(questionStatEntity.key(userId, d.question_id).sk)?.fsrs as FsrsCard | undefined,
        correct: d.is_correct,
      })),
      now,
      scheduler,
      day,
    );
    const first = statWrites(userId, firstGraded, found, now, exam.id, day, scheduler, place);
    const rest = graded.slice(first.length);
    const job: JobRecord | null = rest.length
      ? {
          result_id: result.id,
          exam_id: exam.id,
          pending: rest.map((d) => [d.question_id, d.is_correct ? 1 : 0]),
          seconds: rest.map((d) => Number(d.elapsed_seconds) || 0),
          cursor: 0,
          answered_at: now.toISOString(),
          updated_at: clock.toISOString(),
          time_zone: day.timeZone,
          day_rollover_hour: day.rolloverHour,
          ...(scheduler.weights ? { fsrs_weights: [...scheduler.weights] } : {}),
          desired_retention: scheduler.retention,
        }
      : null;

    if (ahead.length) await putChunks(userId, result.id, result.detail_tag, ahead);
    const aheadKeys = ahead.map((c) => resultDetailEntity.key(userId, result.id, result.detail_tag, c.chunk));
    try {
      await writeSubmit({
        userId,
        idempotencyKey: key,
        requestHash,
        // An offline sitting's id is remembered as long as its time may be dated back (D436).
        ...(input.answeredAt ? { claimSeconds: OFFLINE_SITTING_WINDOW_MS / 1000 } : {}),
        result,
        previousRevision: previous?.revision,
        chunksInTransaction: inTransaction,
        summary: {
          existed: summaryExisted,
          examTitle,
          totalQuestions: questions.length,
          addResults: isNew || !summaryExisted ? 1 : 0,
          latest: becomesLatest ? result : null,
          correctQuestionIds: [...new Set(graded.filter((d) => d.is_correct).map((d) => d.question_id))],
          answeredQuestionIds: graded.map((d) => d.question_id),
          answers: { total: graded.length, correct: graded.filter((d) => d.is_correct).length },
        },
        counters,
        stats: first,
        reviewLog: logOf(
          userId,
          first,
          {
            answeredAt: now.toISOString(),
            examId: exam.id,
            resultId: result.id,
            part: '0',
          },
          day,
        ),
        job,
        expectNoJob: !isNew && !job,
        studyTime,
      });
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (aheadKeys.length) await deleteKeys(aheadKeys).catch(() => undefined);
      const claimed =
        error.conditionFailedAt(SUBMIT_ITEM.claim) ||
        (error.reasons.length === 0 && !!(await getIdempotencyClaim(userId, key)));
      if (claimed) return replay(input, key, requestHash);
      continue;
    }
    // Counted once written: a transaction retried after a lost race is not counted twice.
    countMetric(METRIC.reviews, first.length);
    if (previous) {
      const stale = previousDetailItems.filter(
        (i) => !String(i.sk).startsWith(resultDetailEntity.writePrefix(result.id, result.detail_tag)),
      );
      if (stale.length) await deleteKeys(stale.map(primaryKeyOf));
    }
    if (job) await runJob(userId, job);
    countMetric(METRIC.answersGraded, graded.length);
    // The summary and the first page of details only (D197): the rest is read page by page.
    return {
      success: true,
      result_id: result.id,
      replayed: false,
      result: firstPageView(result, chunks[0]?.details ?? []),
    };
  }
}

/** The submit attempt was already applied: answer its result, finishing its statistics if needed. */
async function replay(input: ApplyInput, key: string, requestHash: string): Promise<ApplyAnswer> {
  const userId = input.caller.id;
  const claim = await getIdempotencyClaim(userId, key);
  if (!claim) throw conflict('submission_busy');
  if (claim.request_hash !== requestHash) throw conflict('submission_id_reused');
  const found = await getMany([
    resultEntity.key(userId, claim.result_id),
    resultJobEntity.key(userId, claim.result_id),
  ]);
  const result = asResult(found.get(resultEntity.key(userId, claim.result_id).sk));
  const job = asJob(found.get(resultJobEntity.key(userId, claim.result_id).sk));
  if (!result) throw notFound('result_not_found');
  const [first] = await Promise.all([
    result.detail_chunks > 0 ? getDetailChunk(userId, result.id, result.detail_tag, 1) : Promise.resolve([]),
    job ? runJob(userId, job) : Promise.resolve(),
  ]);
  return { success: true, result_id: result.id, replayed: true, result: firstPageView(result, first ?? []) };
}
