import { questionStatEntity, nextStat, type QuestionStatItem } from '../learning/index.js';
import { type JobRecord } from './entities/result-job.js';
import { conflict } from '../../runtime/http/app-error.js';
import { sleep } from '../../runtime/retry.js';
import { getMany, TransactionCancelled, getJob, writeStatsBatch } from './result-store.js';

/**
 * The statistics of a submit that did not fit its first transaction (the `RESULTJOB#` item),
 * applied batch by batch; shared by submit/continue and the retention cleanup, which applies a
 * pending job before it subtracts a result's contributions.
 */

/** Statistics per later transaction: 99 Puts + the job's cursor move. */
export const STATS_PER_BATCH = 99;

export type StatWrite = { item: QuestionStatItem; previous?: Record<string, unknown> };

export function statWrites(
  userId: string,
  graded: { question_id: string; is_correct: boolean }[],
  found: Map<string, Record<string, unknown>>,
  now: Date,
  examId: string,
): StatWrite[] {
  return graded.map((d) => {
    const previous = found.get(questionStatEntity.key(userId, d.question_id).sk);
    return { item: nextStat(userId, d.question_id, previous, [d.is_correct], now, examId), previous };
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
  for (let round = 0; job && job.cursor < job.pending.length; round++) {
    if (round > Math.ceil(job.pending.length / STATS_PER_BATCH) * 3 + 5) throw conflict('submission_busy');
    const current: JobRecord = job;
    const batch: { question_id: string; is_correct: boolean }[] = current.pending
      .slice(current.cursor, current.cursor + STATS_PER_BATCH)
      .map(([question_id, correct]) => ({ question_id, is_correct: correct === 1 }));
    const found = await getMany(batch.map((d) => questionStatEntity.key(userId, d.question_id)));
    try {
      await writeStatsBatch(userId, job, statWrites(userId, batch, found, now, job.exam_id), job.cursor + batch.length);
      job = { ...job, cursor: job.cursor + batch.length };
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      await sleep(10 + Math.random() * 40);
      job = await getJob(userId, job.result_id);
    }
  }
}
