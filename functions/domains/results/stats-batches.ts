import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { db, type TransactItem } from '../../runtime/data/db.js';
import type { QuestionStatItem } from '../learning/index.js';
import { resultJobEntity, type JobRecord } from './entities/result-job.js';
import { asJob, type Item } from './result-reads.js';
import { statPut, transact } from './result-transactions.js';

/** A submit's later statistics batches (the `RESULTJOB#` cursor) and single statistics writes. */
/**
 * A later batch of statistics: the QSTAT Puts (version conditions), their review log and the job's cursor move
 * (condition: cursor unchanged) in one transaction, so a batch applies exactly once even when a
 * retry and the original request race. The last batch deletes the job.
 */
export async function writeStatsBatch(
  userId: string,
  job: JobRecord,
  stats: { item: QuestionStatItem; previous?: Item }[],
  nextCursor: number,
  reviewLog: TransactItem[] = [],
): Promise<void> {
  const key = resultJobEntity.key(userId, job.result_id);
  const done = nextCursor >= job.pending.length;
  await transact([
    ...stats.map(statPut),
    ...reviewLog,
    done
      ? {
          Delete: {
            TableName: config.appTable,
            Key: key,
            ConditionExpression: '#c = :prev',
            ExpressionAttributeNames: { '#c': 'cursor' },
            ExpressionAttributeValues: { ':prev': job.cursor },
          },
        }
      : {
          Update: {
            TableName: config.appTable,
            Key: key,
            UpdateExpression: 'SET #c = :next, updated_at = :now',
            ConditionExpression: '#c = :prev',
            ExpressionAttributeNames: { '#c': 'cursor' },
            ExpressionAttributeValues: { ':prev': job.cursor, ':next': nextCursor, ':now': new Date().toISOString() },
          },
        },
  ]);
}

export async function getJob(userId: string, resultId: string): Promise<JobRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: resultJobEntity.key(userId, resultId), ConsistentRead: true }),
  );
  return asJob(Item);
}

/** One statistic, written with its version condition (accuracy adjustment). */
export async function putStat(stat: { item: QuestionStatItem; previous?: Item }): Promise<void> {
  await transact([statPut(stat)]);
}

/** Up to 100 statistics in one transaction, each conditioned on the version read (a race cancels them all). */
export async function putStats(stats: { item: QuestionStatItem; previous?: Item }[]): Promise<void> {
  if (stats.length > 100) throw new Error('putStats: at most 100 statistics per transaction');
  if (stats.length > 0) await transact(stats.map(statPut));
}
