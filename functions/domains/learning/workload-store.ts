import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, learnerDay, learnerDayStart, type LearnerDaySettings } from '#shared/domain/learner-day.js';
import { easyDaysOf, loadBalancingOf, placeInterval, placementWanted, weekdayOf } from '#shared/domain/workload.js';
import { config } from '../../runtime/config.js';
import { db, transactWrite, ITEM_ABSENT, type TransactItem } from '../../runtime/data/db.js';
import { CONDITION_FAILED } from '../../runtime/data/dynamo-errors.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { DATED_FROM, questionStatEntity } from './entities/question-stat.js';
import { reviewMoveEntity, type ReviewMoveRecord } from './entities/review-move.js';
import type { DuePlacement, FuzzRange } from './fsrs.js';
import { statCondition } from './question-stat.js';

/** The learner's due-index entries due in `[from, end]`, at most `limit` (1 Query; `projection` narrows them). */
export async function dueIndexBetween(
  userId: string,
  from: string,
  end: string,
  limit: number,
  projection?: string,
): Promise<Record<string, unknown>[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :end',
      ExpressionAttributeValues: {
        ':pk': questionStatEntity.dueIndex(userId, end, '').gsi1pk,
        ':from': from,
        ':end': end,
      },
      ...(projection ? { ProjectionExpression: projection } : {}),
      Limit: limit,
    }),
  );
  return Items ?? [];
}

/** Due-index entries a placement counts at most (one Query page of keys; past it the counts are a floor). */
export const PLACEMENT_COUNT_CAP = 2000;

/**
 * Reviews due on each learner day of `today + min … today + max` (offset → count), the card itself
 * left out: one Query of the due index, keys only, as the profile's forecast reads it (D327).
 */
export async function dueCountsInRange(
  userId: string,
  settings: LearnerDaySettings,
  today: string,
  range: Pick<FuzzRange, 'min' | 'max'>,
  questionId: string,
): Promise<Map<number, number>> {
  const from = learnerDayStart(addDays(today, range.min), settings).toISOString();
  const end = learnerDayStart(addDays(today, range.max + 1), settings).toISOString();
  const Items = await dueIndexBetween(
    userId,
    from > DATED_FROM ? from : DATED_FROM,
    end,
    PLACEMENT_COUNT_CAP,
    'gsi1sk',
  );

  const counts = new Map<number, number>();
  for (const item of Items) {
    const sk = String(item.gsi1sk);
    const hash = sk.indexOf('#');
    if (sk.slice(hash + 1) === questionId) continue;
    const offset = Math.round(
      (Date.parse(learnerDay(new Date(sk.slice(0, hash)), settings)) - Date.parse(today)) / 86_400_000,
    );
    counts.set(offset, (counts.get(offset) ?? 0) + 1);
  }
  return counts;
}

/** The placement of a learner's reviews given the due counts of its range (D327). */
export function placementFrom(
  user: { easy_days?: unknown; load_balancing?: unknown },
  counts: ReadonlyMap<number, number>,
): DuePlacement {
  const easyDays = easyDaysOf(user);
  const balancing = loadBalancingOf(user);
  return (range, today) =>
    placeInterval({
      ...range,
      weekday: (interval) => weekdayOf(addDays(today, interval)),
      dueOn: (interval) => counts.get(interval) ?? 0,
      balancing,
      easyDays,
    });
}

/** Whether the learner's settings place due days at all (else no counts are read). */
export const wantsPlacement = (user: { easy_days?: unknown; load_balancing?: unknown }): boolean =>
  placementWanted(loadBalancingOf(user), easyDaysOf(user));

/** A move (postpone or advance) claimed before: its stored answer. */
export async function getMove(userId: string, operationId: string): Promise<ReviewMoveRecord | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: reviewMoveEntity.key(userId, operationId),
      ConsistentRead: true,
    }),
  );
  return Item ? reviewMoveEntity.parse(Item) : null;
}

export class MoveReplayed extends Error {}
export class MoveStatChanged extends Error {}

/**
 * Writes one move in one transaction: its claim (absent, so a retried operation applies once) and
 * every moved statistic on its version: at most MAX_MOVE_COUNT + 1 items (DynamoDB's cap is 100).
 */
export async function writeMove(
  userId: string,
  record: ReviewMoveRecord,
  stats: { next: StoredItem; previous: StoredItem }[],
  now: Date,
): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: config.appTable,
        Item: reviewMoveEntity.item(userId, record, now),
        ConditionExpression: ITEM_ABSENT,
      },
    },
    ...stats.map(({ next, previous }): TransactItem => ({
      Put: { TableName: config.appTable, Item: next, ...statCondition(previous) },
    })),
  ];
  await transactWrite(items, (reasons) => {
    if (reasons[0] === CONDITION_FAILED) return new MoveReplayed();
    if (reasons.includes(CONDITION_FAILED)) return new MoveStatChanged();
    return null;
  });
}
