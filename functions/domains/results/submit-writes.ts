import { OFFLINE_SITTING_WINDOW_MS, type SubmittedAnswer } from '#shared/contracts/results.js';
import type { Language } from '#shared/domain/language.js';
import type { ExamRecord, StoredQuestion } from '../exams/index.js';
import type { LearnerScheduler, SummaryRecord } from '../learning/index.js';
import { studyTimeItems } from '../studies/index.js';
import { dayOf } from '#shared/domain/study-progress.js';
import { newId, newResultId } from '../../runtime/data/ids.js';
import type { TransactItem } from '../../runtime/data/db.js';
import type { CallerUser } from '../../runtime/http/types.js';
import type { chunkDetails } from './submit-grading.js';
import type { ChunkRecord, DetailEntry, JobRecord, ResultRecord, SubmitWrite } from './result-store.js';
import { logOf, type StatWrite } from './stats-job.js';

/**
 * The steps of one submit attempt (`submit.ts`) that make no request: what it writes, built from
 * what it read (the result, its chunks, the summary and counters, the study time, the job and the
 * first transaction).
 */

/** Detail bytes the first transaction may carry (transactions are ≤ 4 MB). */
const TX_CHUNK_BYTES = 2 * 1024 * 1024;

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

/** What every attempt of one submit shares: the exam, the graded answers and the idempotency keys. */
export interface Submission {
  input: ApplyInput;
  userId: string;
  scheduler: LearnerScheduler;
  day: LearnerScheduler['day'];
  exam: ExamRecord;
  questions: StoredQuestion[];
  examTitle: string;
  study: { id: string; title: string } | null;
  studyCredits: Parameters<typeof studyTimeItems>[1];
  graded: DetailEntry[];
  key: string;
  requestHash: string;
}

/** The result as this attempt writes it (a continue: the earlier one's next revision). */
export function resultRecordOf(
  submission: Submission,
  previous: ResultRecord | null,
  details: DetailEntry[],
  now: Date,
): ResultRecord {
  const { input, exam, study } = submission;
  const correct = details.filter((d) => d.is_correct).length;
  return {
    id: previous?.id ?? newResultId(now.getTime()),
    user_id: submission.userId,
    username: input.caller.username,
    exam_id: exam.id,
    exam_title: submission.examTitle,
    exam_title_ko: exam.title_ko ?? '',
    exam_title_en: exam.title_en ?? '',
    study_id: previous ? previous.study_id : (study?.id ?? null),
    study_title: previous ? previous.study_title : (study?.title ?? null),
    score: correct,
    total_score: submission.questions.length,
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
}

/** The first chunks go in the transaction (≤ 4, ≤ {@link TX_CHUNK_BYTES}); the rest are written ahead of it. */
export function splitChunks(chunks: ReturnType<typeof chunkDetails>): {
  inTransaction: ChunkRecord[];
  ahead: ChunkRecord[];
} {
  const inTransaction: ChunkRecord[] = [];
  let txBytes = 0;
  for (const chunk of chunks) {
    if (inTransaction.length >= 4 || txBytes + chunk.bytes > TX_CHUNK_BYTES) break;
    inTransaction.push({ chunk: chunk.chunk, details: chunk.details });
    txBytes += chunk.bytes;
  }
  const ahead = chunks.slice(inTransaction.length).map((c) => ({ chunk: c.chunk, details: c.details }));
  return { inTransaction, ahead };
}

/** How the attempt changes the exam summary and the caller's counters. */
export interface SummaryEffect {
  isNew: boolean;
  summaryExisted: boolean;
  counters: { result_count: number; exam_count: number } | null;
  becomesLatest: boolean;
}

export function summaryEffectOf(
  previous: ResultRecord | null,
  summary: SummaryRecord | null,
  result: ResultRecord,
): SummaryEffect {
  const isNew = !previous;
  const summaryExisted = !!summary;
  const counters = isNew
    ? { result_count: 1, exam_count: summaryExisted ? 0 : 1 }
    : summaryExisted
      ? null
      : { result_count: 0, exam_count: 1 };
  // A sitting taken offline and synced after a later one does not become the exam's latest (D436).
  const becomesLatest =
    !summary || summary.latest_result_id === result.id || (isNew && !(summary.last_completed_at > result.completed_at));
  return { isNew, summaryExisted, counters, becomesLatest };
}

/** The study-time items of this submit's answers (S24). */
export function studyTimeOf(submission: Submission, now: Date): TransactItem[] {
  const { graded } = submission;
  return studyTimeItems(
    submission.userId,
    submission.studyCredits,
    {
      seconds: Math.round(Number(submission.input.elapsedSeconds) || 0),
      answered: graded.length,
      correct: graded.filter((d) => d.is_correct).length,
      at: now.toISOString(),
    },
    dayOf(now),
  );
}

/** The first transaction's items other than statistics. */
export function fixedItemCount(
  inTransaction: ChunkRecord[],
  counters: SummaryEffect['counters'],
  studyTime: TransactItem[],
): number {
  // claim + result + chunks (≤ 4) + summary + counters + (job | job check) + review log and its day + study days and activities (≤ 2 × 5): ≤ 21, so ≥ 79 places are left.
  return 2 + inTransaction.length + 1 + (counters ? 1 : 0) + 1 + 2 + studyTime.length;
}

/** The job holding the statistics left for later batches, or null when all fit in the first transaction. */
export function jobRecordOf(
  submission: Submission,
  resultId: string,
  rest: DetailEntry[],
  now: Date,
  clock: Date,
): JobRecord | null {
  const { scheduler, day } = submission;
  return rest.length
    ? {
        result_id: resultId,
        exam_id: submission.exam.id,
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
}

/** What an attempt writes, built from its reads. */
export interface AttemptWrite {
  result: ResultRecord;
  previous: ResultRecord | null;
  now: Date;
  inTransaction: ChunkRecord[];
  ahead: ChunkRecord[];
  effect: SummaryEffect;
  studyTime: TransactItem[];
  first: StatWrite[];
  job: JobRecord | null;
}

/** The first transaction of an attempt (`writeSubmit`). */
export function submitWriteOf(submission: Submission, write: AttemptWrite): SubmitWrite {
  const { input, userId, exam, graded } = submission;
  const { result, now, effect, first } = write;
  return {
    userId,
    idempotencyKey: submission.key,
    requestHash: submission.requestHash,
    // An offline sitting's id is remembered as long as its time may be dated back (D436).
    ...(input.answeredAt ? { claimSeconds: OFFLINE_SITTING_WINDOW_MS / 1000 } : {}),
    result,
    previousRevision: write.previous?.revision,
    chunksInTransaction: write.inTransaction,
    summary: {
      existed: effect.summaryExisted,
      examTitle: submission.examTitle,
      totalQuestions: submission.questions.length,
      addResults: effect.isNew || !effect.summaryExisted ? 1 : 0,
      latest: effect.becomesLatest ? result : null,
      correctQuestionIds: [...new Set(graded.filter((d) => d.is_correct).map((d) => d.question_id))],
      answeredQuestionIds: graded.map((d) => d.question_id),
      answers: { total: graded.length, correct: graded.filter((d) => d.is_correct).length },
    },
    counters: effect.counters,
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
      submission.day,
    ),
    job: write.job,
    expectNoJob: !effect.isNew && !write.job,
    studyTime: write.studyTime,
  };
}
