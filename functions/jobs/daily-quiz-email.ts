import { createLogger } from '../lib/log.js';
import { RECIPIENT_SHARDS } from '../lib/mail/daily-quiz-recipients.js';
import { handler as runShard, type ShardReport } from './daily-quiz-email-worker.js';

/**
 * Daily quiz email, 22:00 UTC (07:00 KST; docs/architecture.md §5). The coordinator: it fans the
 * 16 recipient shards (`SCHEDULED#0..15`) out to the worker (daily-quiz-email-worker.ts), each
 * shard invoked again from its cursor until done. Here the workers run in this process, four
 * shards at a time — what `npm run job -- daily-quiz-email` and the local scheduler run; the
 * fan-out to separate worker invocations in AWS is described in docs/decisions.md D65.
 */
const JOB = 'daily-quiz-email';
const PARALLEL_SHARDS = 4;

export async function handler(_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const log = createLogger({ job: JOB });
  const at = new Date().toISOString();
  const totals: ShardReport['counts'] = { sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: 0 };
  const pending = [...RECIPIENT_SHARDS];
  let unfinished = 0;
  const work = async () => {
    for (let shard = pending.shift(); shard !== undefined; shard = pending.shift()) {
      let report = await runShard({ shard, at }, context);
      while (!report.done && report.cursor && !context?.getRemainingTimeInMillis) report = await runShard({ shard, at, cursor: report.cursor });
      if (!report.done) unfinished++;
      for (const [outcome, n] of Object.entries(report.counts)) totals[outcome as keyof typeof totals] += n;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SHARDS }, work));
  const result = {
    job: JOB,
    at,
    sent: totals.sent,
    skipped: totals['already-claimed'] + totals['not-eligible'] + totals['no-quiz'],
    failed: totals.failed,
    unfinishedShards: unfinished,
    outcomes: totals,
  };
  log.info('daily quiz email finished', result);
  return result;
}
