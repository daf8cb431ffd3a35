import { createHash } from 'node:crypto';
import { answerTime, chunkDetails, dedupe, grade, merge } from './submit-grading.js';
import type { SubmittedAnswer } from '#shared/contracts/results.js';
import { pickLocalized } from '#shared/domain/language.js';
import { getExamWithQuestionsAndLinks, canReadExam } from '../exams/index.js';
import {
  answersPlacement,
  examSummaryEntity,
  questionStatEntity,
  schedulerFor,
  type FsrsCard,
  type SummaryRecord,
} from '../learning/index.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { TRANSACTION_MAX_ITEMS } from '../../runtime/data/db.js';
import { resultDetailEntity } from './entities/result-detail.js';
import { resultEntity } from './entities/result.js';
import { resultJobEntity } from './entities/result-job.js';
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
  type Item,
  type JobRecord,
  type ResultRecord,
  SUBMIT_ITEM,
  TransactionCancelled,
  deleteKeys,
  putChunks,
  writeSubmit,
} from './result-store.js';
import { runJob, statWrites, type StatWrite } from './stats-job.js';
import {
  fixedItemCount,
  jobRecordOf,
  resultRecordOf,
  splitChunks,
  studyTimeOf,
  submitWriteOf,
  summaryEffectOf,
  type ApplyInput,
  type AttemptWrite,
  type Submission,
} from './submit-writes.js';
import { backoffDelay, sleep } from '../../runtime/retry.js';
import { firstPageView } from './result-views.js';
import { liveStudyTitle, studyTimeCredits } from '../studies/index.js';
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

/** Without a submission_id, identical answers to the same exam within this window are one submit. */
export const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
/** Statistics written by the first transaction (what is left of its 100 items in the worst case). */
const FIRST_STATS_MAX = 90;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export { answerTime, gradeAnswer } from './submit-grading.js';
export type { ApplyInput } from './submit-writes.js';

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
  const submission = await prepareSubmission(input);
  for (let attempt = 0; ; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw conflict('submission_busy');
    if (attempt > 0) await sleep(backoffDelay(attempt, 40));
    const answer = await attemptSubmit(submission);
    if (answer) return answer;
  }
}

/** Reads the exam and grades the answers once, before the first attempt. */
async function prepareSubmission(input: ApplyInput): Promise<Submission> {
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
  return { input, userId, scheduler, day, exam, questions, examTitle, study, studyCredits, graded, key, requestHash };
}

/** One attempt: read, write the first transaction, finish; null when the attempt must read again. */
async function attemptSubmit(submission: Submission): Promise<ApplyAnswer | null> {
  const { input, userId, graded } = submission;
  const clock = new Date();
  const reads = await readAttempt(submission);
  if (reads.pendingJob) {
    // The earlier operation's statistics come first; then read again.
    await runJob(userId, reads.pendingJob);
    return null;
  }
  const { previous, previousDetailItems } = reads;
  const now = answerTime(input.answeredAt, clock, previous?.completed_at);
  const details = previous ? merge(detailsOfRevision(previousDetailItems, previous), graded) : graded;
  const result = resultRecordOf(submission, previous, details, now);
  const chunks = chunkDetails(details);
  result.detail_chunks = chunks.length;
  const { inTransaction, ahead } = splitChunks(chunks);
  const effect = summaryEffectOf(previous, reads.summary, result);
  const studyTime = studyTimeOf(submission, now);
  const fixedItems = fixedItemCount(inTransaction, effect.counters, studyTime);
  const first = await firstStatWrites(submission, reads.found, now, fixedItems);
  const job = jobRecordOf(submission, result.id, graded.slice(first.length), now, clock);

  const outcome = await writeAttempt(submission, {
    result,
    previous,
    now,
    inTransaction,
    ahead,
    effect,
    studyTime,
    first,
    job,
  });
  if (outcome === 'claimed') return replay(input, submission.key, submission.requestHash);
  if (outcome === 'lost') return null;
  // Counted once written: a transaction retried after a lost race is not counted twice.
  countMetric(METRIC.reviews, first.length);
  if (previous) await deleteStaleDetails(userId, previousDetailItems, result);
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

/** What an attempt reads; `pendingJob` is the earlier result's unfinished job (a continue only). */
interface AttemptReads {
  found: Map<string, Item>;
  summary: SummaryRecord | null;
  previous: ResultRecord | null;
  pendingJob: JobRecord | null;
  previousDetailItems: Item[];
}

async function readAttempt(submission: Submission): Promise<AttemptReads> {
  const { input, userId, graded } = submission;
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
  let pendingJob: JobRecord | null = null;
  if (input.previousResultId) {
    previous = asResult(found.get(resultEntity.key(userId, input.previousResultId).sk));
    if (!previous || previous.exam_id !== input.examId) throw notFound('result_not_found');
    pendingJob = asJob(found.get(resultJobEntity.key(userId, input.previousResultId).sk));
  }
  return { found, summary, previous, pendingJob, previousDetailItems };
}

/** The statistics that fit in the first transaction beside its `fixedItems`, placed among the due days (D417). */
async function firstStatWrites(
  submission: Submission,
  found: Map<string, Item>,
  now: Date,
  fixedItems: number,
): Promise<StatWrite[]> {
  const { userId, scheduler, day } = submission;
  const firstGraded = submission.graded.slice(0, Math.min(FIRST_STATS_MAX, TRANSACTION_MAX_ITEMS - fixedItems));
  const place = await answersPlacement(
    submission.input.caller,
    firstGraded.map((d) => ({
      questionId: d.question_id,
      before: found.get(questionStatEntity.key(userId, d.question_id).sk)?.fsrs as FsrsCard | undefined,
      correct: d.is_correct,
    })),
    now,
    scheduler,
    day,
  );
  return statWrites(userId, firstGraded, found, now, submission.exam.id, day, scheduler, place);
}

/**
 * Writes the chunks ahead, then the first transaction: `claimed` when this submit was already
 * applied (replay it), `lost` when a racing write won (read again).
 */
async function writeAttempt(submission: Submission, write: AttemptWrite): Promise<'written' | 'claimed' | 'lost'> {
  const { userId, key } = submission;
  const { result, ahead } = write;
  if (ahead.length) await putChunks(userId, result.id, result.detail_tag, ahead);
  const aheadKeys = ahead.map((c) => resultDetailEntity.key(userId, result.id, result.detail_tag, c.chunk));
  try {
    await writeSubmit(submitWriteOf(submission, write));
    return 'written';
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (aheadKeys.length) await deleteKeys(aheadKeys).catch(() => undefined);
    const claimed =
      error.conditionFailedAt(SUBMIT_ITEM.claim) ||
      (error.reasons.length === 0 && !!(await getIdempotencyClaim(userId, key)));
    return claimed ? 'claimed' : 'lost';
  }
}

/** A continue's earlier details that the new revision replaced. */
async function deleteStaleDetails(userId: string, previousDetailItems: Item[], result: ResultRecord): Promise<void> {
  const stale = previousDetailItems.filter(
    (i) => !String(i.sk).startsWith(resultDetailEntity.writePrefix(result.id, result.detail_tag)),
  );
  if (stale.length) await deleteKeys(stale.map(primaryKeyOf));
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
