import {
  questionStatEntity,
  nextStat,
  reviewLogWrites,
  reviewRow,
  schedulerFor,
  type FsrsCard,
  type QuestionStatItem,
  type DuePlacement,
  type Scheduler,
  type ReviewRow,
} from '../learning/index.js';
import type { TransactItem } from '../../runtime/data/db.js';
import { type JobRecord } from './entities/result-job.js';
import { conflict } from '../../runtime/http/app-error.js';
import { learnerDay, learnerDaySettings, type LearnerDaySettings } from '#shared/domain/learner-day.js';
import { sleep } from '../../runtime/retry.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import { getMany, TransactionCancelled, getJob, writeStatsBatch } from './result-store.js';

/**
 * The statistics of a submit that did not fit its first transaction (the `RESULTJOB#` item),
 * applied batch by batch; shared by submit/continue and the retention cleanup, which applies a
 * pending job before it subtracts a result's contributions.
 */

/** Statistics per later transaction: 97 Puts + the batch's review log and day count + the job's cursor move. */
export const STATS_PER_BATCH = 97;

/** A statistic to write and its review-log row. */
export type StatWrite = { item: QuestionStatItem; previous?: Record<string, unknown>; row: ReviewRow };

/**
 * The review-log writes of a write's statistics (`part`: `0` for a submit's transaction, `j<cursor>` for a
 * job batch), counted on the learner day the answers were graded in.
 */
export function logOf(
  userId: string,
  writes: StatWrite[],
  at: { answeredAt: string; examId: string; resultId: string; part: string },
  day: LearnerDaySettings,
): TransactItem[] {
  return reviewLogWrites(
    userId,
    `${at.resultId}#${at.part}`,
    { answered_at: at.answeredAt, exam_id: at.examId, result_id: at.resultId, reviews: writes.map((w) => w.row) },
    learnerDay(new Date(at.answeredAt), day),
  );
}

export function statWrites(
  userId: string,
  graded: { question_id: string; is_correct: boolean; elapsed_seconds?: number }[],
  found: Map<string, Record<string, unknown>>,
  now: Date,
  examId: string,
  day: LearnerDaySettings,
  scheduler?: Scheduler,
  /** Where each review's interval lands in its fuzz range (Easy Days, load balancing; D417); the fuzz's draw when absent. */
  place?: DuePlacement,
): StatWrite[] {
  return graded.map((d) => {
    const previous = found.get(questionStatEntity.key(userId, d.question_id).sk);
    const item = nextStat(userId, d.question_id, previous, [d.is_correct], now, examId, { day, scheduler, place });
    return {
      item,
      previous,
      row: reviewRow(d.question_id, previous?.fsrs as FsrsCard | undefined, item.fsrs, d.is_correct, d.elapsed_seconds),
    };
  });
}

/**
 * Applies the statistics a job still holds, batch by batch. Each batch moves the job's cursor in
 * the same transaction as its statistics, so racing runners (a retry and the original) apply
 * each batch once: the loser re-reads the job and carries on from where it is.
 */
export async function runJob(userId: string, start: JobRecord): Promise<void> {
  let job: JobRecord | null = start;
  const now = new Date(start.answered_at);
  // The learner's day the submit was graded in (a job written before D120 has none: the default).
  const day = learnerDaySettings(start);
  const scheduler = schedulerFor(start);
  for (let round = 0; job && job.cursor < job.pending.length; round++) {
    if (round > Math.ceil(job.pending.length / STATS_PER_BATCH) * 3 + 5) throw conflict('submission_busy');
    const current: JobRecord = job;
    const batch: { question_id: string; is_correct: boolean; elapsed_seconds?: number }[] = current.pending
      .slice(current.cursor, current.cursor + STATS_PER_BATCH)
      .map(([question_id, correct], i) => ({
        question_id,
        is_correct: correct === 1,
        elapsed_seconds: current.seconds?.[current.cursor + i],
      }));
    const found = await getMany(batch.map((d) => questionStatEntity.key(userId, d.question_id)));
    try {
      const writes = statWrites(userId, batch, found, now, job.exam_id, day, scheduler);
      const log = logOf(
        userId,
        writes,
        {
          answeredAt: job.answered_at,
          examId: job.exam_id,
          resultId: job.result_id,
          part: `j${job.cursor}`,
        },
        day,
      );
      await writeStatsBatch(userId, job, writes, job.cursor + batch.length, log);
      // Counted once written: a batch retried after a lost race is not counted twice.
      countMetric(METRIC.reviews, writes.length);
      job = { ...job, cursor: job.cursor + batch.length };
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      await sleep(10 + Math.random() * 40);
      job = await getJob(userId, job.result_id);
    }
  }
}
