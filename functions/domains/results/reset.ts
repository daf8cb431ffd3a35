import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { queryPages, type PagedQuery } from '../../runtime/data/paginate.js';
import { CONDITION_FAILED, cancellationReasons, isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { retry } from '../../runtime/retry.js';
import { countersEntity } from '../users/index.js';
import { examSummaryEntity, questionStatEntity } from '../learning/index.js';
import { newCardPlaceEntity } from '../exams/index.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { resultDetailEntity } from './entities/result-detail.js';
import { resultEntity } from './entities/result.js';
import { resultJobEntity } from './entities/result-job.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { newResultId } from '../../runtime/data/ids.js';
import { db, TRANSACTION_RETRY, ITEM_EXISTS } from '../../runtime/data/db.js';

/**
 * Statistics reset (docs/architecture.md §2.6 L14, docs/decisions/results-and-grading.md D221): a fresh start
 * for the user's learning data. Removes, in the user's partition only (Queries by sort-key prefix,
 * never a Scan):
 *
 *   1. `QSTAT#` items last answered before the cutoff (their sparse DUE index entries go with
 *      them) — first, because they drive the statistics, wrong-only/most-wrong exams and the
 *      next submit's counts;
 *   2. `EXAMSUM#` items last completed before the cutoff, ≤ 99 per transaction together with
 *      `COUNTERS.exam_count − n`, so the counter is right after every page;
 *   3. `RESULT#` items written before the cutoff (newest first, so the results list empties from
 *      the top), likewise with `result_count − n`; their gsi1/gsi2 entries go with them;
 *   4. `RESULTJOB#` and `RESULTDETAIL#` items of results before the cutoff (unreachable once
 *      their result is gone: every reader starts from the RESULT item).
 *
 * The cutoff is the reset's start time, kept on COUNTERS as `stats_reset_cutoff` (with the sparse
 * gsi2 `SCHEDULED#<s>`/`<userId>#RESET`) until every phase is done, so anything the user writes
 * during the reset survives it and an unfinished reset is found and finished by the next reset
 * call or the retention-cleanup job. Favorites, ignored questions, subscriptions, exams, single-
 * question pointers and the profile are other sort-key prefixes and are never read.
 */

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

export interface CleanupOutcome {
  /** Items deleted by this run. */
  deleted: number;
  /** False when the deadline came first; the rest is left for the next run. */
  completed: boolean;
}

/** Marks the reset's cutoff on COUNTERS (a new reset moves it to now) and lists the user as pending. */
export async function startReset(userId: string, now = new Date()): Promise<string> {
  const cutoff = now.toISOString();
  await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: countersEntity.key(userId),
      UpdateExpression: 'SET #type = :type, stats_reset_cutoff = :cutoff, gsi2pk = :g2pk, gsi2sk = :g2sk',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': countersEntity.type,
        ':cutoff': cutoff,
        ':g2pk': countersEntity.pendingResetIndex(userId).gsi2pk,
        ':g2sk': countersEntity.pendingResetIndex(userId).gsi2sk,
      },
    }),
  );
  return cutoff;
}

/** The time-ordered id prefix of a moment: `RESULT#<id>` sorts below it iff written earlier. */
const idPrefixAt = (iso: string) => newResultId(Date.parse(iso)).slice(0, 10);

/**
 * Deletes counted items (results or summaries) ≤ 99 per transaction with the counter move. Each
 * delete requires the item to exist, so a concurrent delete of the same item cannot count twice;
 * a cancelled transaction is retried with the items still there.
 */
async function deleteCounted(userId: string, keys: Key[], counter: 'result_count' | 'exam_count'): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 99) {
    let batch = keys.slice(i, i + 99);
    await retry(async () => {
      if (batch.length === 0) return;
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              ...batch.map((k) => ({
                Delete: { TableName: config.appTable, Key: k, ConditionExpression: ITEM_EXISTS },
              })),
              {
                Update: {
                  TableName: config.appTable,
                  Key: countersEntity.key(userId),
                  UpdateExpression: 'ADD #c :minus',
                  ExpressionAttributeNames: { '#c': counter },
                  ExpressionAttributeValues: { ':minus': -batch.length },
                },
              },
            ],
          }),
        );
        deleted += batch.length;
      } catch (error) {
        // Drop the items another writer deleted meanwhile; a retry deletes the rest.
        const reasons = cancellationReasons(error);
        batch = batch.filter((_, index) => reasons[index] !== CONDITION_FAILED);
        throw error;
      }
    }, TRANSACTION_RETRY);
  }
  return deleted;
}

interface Phase {
  /** The Query of the phase (partition, sort-key range, projection). */
  query: Omit<PagedQuery, 'Limit'>;
  /** Items of a page to delete (the rest were written after the cutoff). */
  pick(item: Item): boolean;
  counter?: 'result_count' | 'exam_count';
  /** Derived items the learner never sees: deleted, not counted in the outcome. */
  uncounted?: boolean;
}

function phases(userId: string, cutoff: string): Phase[] {
  const pk = userPk(userId);
  const prefix = idPrefixAt(cutoff);
  const before = (field: string) => (item: Item) => !(typeof item[field] === 'string' && String(item[field]) >= cutoff);
  return [
    {
      query: {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': pk, ':s': questionStatEntity.skPrefix },
        ProjectionExpression: 'pk, sk, last_answered_at',
        ConsistentRead: true,
      },
      pick: before('last_answered_at'),
    },
    {
      // The learner's places in exams (D308) count answered questions: they are rebuilt by the next queue read.
      query: {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': pk, ':s': newCardPlaceEntity.skPrefix },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
      },
      pick: () => true,
      uncounted: true,
    },
    {
      query: {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': pk, ':s': examSummaryEntity.skPrefix },
        ProjectionExpression: 'pk, sk, last_completed_at',
        ConsistentRead: true,
      },
      pick: before('last_completed_at'),
      counter: 'exam_count',
    },
    {
      // Newest first: the results list (what the user looks at) empties from the top.
      query: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': resultEntity.skPrefix,
          ':to': `${resultEntity.skPrefix}${prefix}`,
        },
        ProjectionExpression: 'pk, sk',
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      pick: () => true,
      counter: 'result_count',
    },
    {
      query: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': resultJobEntity.skPrefix,
          ':to': `${resultJobEntity.skPrefix}${prefix}`,
        },
        ProjectionExpression: 'pk, sk',
      },
      pick: () => true,
    },
    {
      query: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': resultDetailEntity.skPrefix,
          ':to': `${resultDetailEntity.skPrefix}${prefix}`,
        },
        ProjectionExpression: 'pk, sk',
      },
      pick: () => true,
    },
  ];
}

/**
 * Runs (or resumes) the reset with cutoff `cutoff` until done or `deadline` (epoch ms). Each page
 * is ≤ 1 MB of keys (hundreds to thousands of items) and is deleted before the next is read. When
 * everything before the cutoff is gone, the pending marker leaves COUNTERS (only if no newer reset
 * moved the cutoff meanwhile).
 */
export async function runReset(userId: string, cutoff: string, deadline: number): Promise<CleanupOutcome> {
  let deleted = 0;
  for (const phase of phases(userId, cutoff)) {
    // The deadline is checked before every Query: here for a phase's first page, below for the next.
    if (Date.now() >= deadline) return { deleted, completed: false };
    for await (const page of queryPages({ ...phase.query, Limit: 500 })) {
      const keys = page.items.filter(phase.pick).map(primaryKeyOf);
      if (keys.length) {
        if (phase.counter) deleted += await deleteCounted(userId, keys, phase.counter);
        else {
          await batchWriteAll(keys.map(deleteRequest));
          if (!phase.uncounted) deleted += keys.length;
        }
      }
      if (page.lastKey && Date.now() >= deadline) return { deleted, completed: false };
    }
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: countersEntity.key(userId),
        UpdateExpression: 'REMOVE stats_reset_cutoff, gsi2pk, gsi2sk',
        ConditionExpression: 'stats_reset_cutoff = :cutoff',
        ExpressionAttributeValues: { ':cutoff': cutoff },
      }),
    );
  } catch (error) {
    // A newer reset moved the cutoff: it is still pending and finishes on its own.
    if (!isConditionFailed(error)) throw error;
  }
  return { deleted, completed: true };
}

/** A statistics reset of `userId` from now on, within `deadline`. */
export async function resetStatistics(userId: string, deadline: number): Promise<CleanupOutcome> {
  const cutoff = await startReset(userId);
  return runReset(userId, cutoff, deadline);
}
