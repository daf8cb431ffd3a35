import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, learnerDay, learnerDayStart, type LearnerDaySettings } from '#shared/domain/learner-day.js';
import { easyDaysOf, loadBalancingOf, placeInterval, placementWanted, weekdayOf } from '#shared/domain/workload.js';
import { config } from '../../runtime/config.js';
import { db, transactWrite, ITEM_ABSENT, type TransactItem } from '../../runtime/data/db.js';
import { CONDITION_FAILED } from '../../runtime/data/dynamo-errors.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { DATED_FROM, questionStatEntity } from './entities/question-stat.js';
import { reviewLogEntity, type ReviewLogRecord } from './entities/review-log.js';
import { reviewMoveEntity, type ReviewMoveRecord } from './entities/review-move.js';
import { reviewFuzzRange, type DuePlacement, type FsrsCard, type FuzzRange, type Scheduler } from './fsrs.js';
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
  /** The card(s) being placed: left out of the counts (they are moving). */
  placing: string | ReadonlySet<string>,
): Promise<Map<number, number>> {
  const leftOut = typeof placing === 'string' ? new Set([placing]) : placing;
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
    if (leftOut.has(sk.slice(hash + 1))) continue;
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

/**
 * A placement for many answers in one write (an exam submit, D417): each placed card is counted on
 * its new day, so the next answer of the same write sees it and one write's cards spread as a
 * stream of single grades would.
 */
export function countingPlacement(
  user: { easy_days?: unknown; load_balancing?: unknown },
  counts: Map<number, number>,
): DuePlacement {
  const place = placementFrom(user, counts);
  return (range, today) => {
    const interval = place(range, today);
    counts.set(interval, (counts.get(interval) ?? 0) + 1);
    return interval;
  };
}

/**
 * The placement of a submit's answers (D417): with load balancing or an Easy Day set, one Query of
 * the due counts over the union of the answers' fuzz ranges (as a grade reads its own range), the
 * answered cards left out; none when no answer is fuzzed or the learner wants neither. One request
 * whatever the number of answers.
 */
export async function answersPlacement(
  user: { id: string; easy_days?: unknown; load_balancing?: unknown },
  answers: readonly { questionId: string; before: FsrsCard | undefined; correct: boolean }[],
  at: Date,
  scheduler: Scheduler,
  settings: LearnerDaySettings,
): Promise<DuePlacement | undefined> {
  if (!wantsPlacement(user)) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const answer of answers) {
    const range = reviewFuzzRange(answer.before, answer.correct, at, settings, scheduler);
    if (!range || range.max <= range.min) continue;
    min = Math.min(min, range.min);
    max = Math.max(max, range.max);
  }
  if (!(max >= min)) return undefined;
  const placing = new Set(answers.map((a) => a.questionId));
  const counts = await dueCountsInRange(user.id, settings, learnerDay(at, settings), { min, max }, placing);
  return countingPlacement(user, counts);
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
  /** The review-log record of the move (no row when nothing moved). */
  moveLog?: { source: string; log: ReviewLogRecord },
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
    ...(moveLog?.log.reviews.length
      ? [{ Put: { TableName: config.appTable, Item: reviewLogEntity.item(userId, moveLog.source, moveLog.log) } }]
      : []),
  ];
  await transactWrite(items, (reasons) => {
    if (reasons[0] === CONDITION_FAILED) return new MoveReplayed();
    if (reasons.includes(CONDITION_FAILED)) return new MoveStatChanged();
    return null;
  });
}
