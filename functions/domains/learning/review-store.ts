import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { db, transactWrite, ITEM_ABSENT, type TransactItem } from '../../runtime/data/db.js';
import { CONDITION_FAILED, isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { questionStatEntity } from './entities/question-stat.js';
import { reviewLogEntity } from './entities/review-log.js';
import { reviewCalendarUpdate } from './review-log.js';
import { reviewCalendarEntity } from './entities/review-calendar.js';
import {
  reviewDayEntity,
  reviewGradeEntity,
  reviewLastEntity,
  type ReviewDayRecord,
  type ReviewGradeRecord,
} from './entities/review-grade.js';
import type { FsrsCard } from './fsrs.js';
import { statCondition, type QuestionStatItem } from './question-stat.js';

/** Reads and writes of the Review screen (entities/review-grade.ts, QSTAT, REVLOG). */

const table = () => config.appTable;

async function getItem(key: { pk: string; sk: string }, consistent = false): Promise<StoredItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }));
  return Item ?? null;
}

export async function reviewDay(userId: string, day: string): Promise<ReviewDayRecord> {
  const item = await getItem(reviewDayEntity.key(userId, day), true);
  return item ? reviewDayEntity.parse(item) : { day, new_count: 0, review_count: 0, graded_count: 0, buried: [] };
}

export async function lastGradeId(userId: string): Promise<string | null> {
  const item = await getItem(reviewLastEntity.key(userId), true);
  return item ? reviewLastEntity.parse(item).grade_id : null;
}

export interface DueEntry {
  questionId: string;
  examId: string;
  card: FsrsCard;
  version: number;
  item: StoredItem;
}

/**
 * Cards due before `endIso` from the sparse due index, at most `limit` (1 Query): the learning
 * entries first (D185: their keys sort before every date), then review and relearning cards
 * earliest first. Each entry brings the whole QSTAT item (the index projects it).
 */
export async function dueBefore(userId: string, endIso: string, limit: number): Promise<DueEntry[]> {
  const { gsi1pk } = questionStatEntity.dueIndex(userId, endIso, '');
  const { Items } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :end',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':end': endIso },
      Limit: limit,
    }),
  );
  return (Items ?? [])
    .filter((item) => item.fsrs && typeof item.fsrs === 'object')
    .map((item) => ({
      questionId: String(item.question_id),
      examId: typeof item.exam_id === 'string' ? item.exam_id : '',
      card: item.fsrs as FsrsCard,
      version: Number(item.version ?? 0),
      item,
    }));
}

/**
 * What the queue reads once it knows its candidates, in one BatchGetItem per 100 keys (strongly
 * consistent: a grade just made must count): the statistics of `questionIds`, the day's Review-screen
 * counts (`REVDAY#`) and the year's review calendar, whose `n`/`r` attributes count the exam answers
 * against the same limits (D186).
 */
export async function queueState(
  userId: string,
  day: string,
  questionIds: string[],
): Promise<{
  stats: Map<string, StoredItem>;
  done: { new: number; reviews: number; graded: number };
  buried: Set<string>;
}> {
  const dayKey = reviewDayEntity.key(userId, day);
  const calendarKey = reviewCalendarEntity.key(userId, day.slice(0, 4));
  const items = await batchGetAll(
    [dayKey, calendarKey, ...questionIds.map((id) => questionStatEntity.key(userId, id))],
    { consistent: true },
  );
  const stats = new Map<string, StoredItem>();
  let reviewDayItem: StoredItem | undefined;
  let calendar: StoredItem | undefined;
  for (const item of items) {
    if (item.sk === dayKey.sk) reviewDayItem = item;
    else if (item.sk === calendarKey.sk) calendar = item;
    else stats.set(String(item.question_id), item);
  }
  const graded = reviewDayItem ? reviewDayEntity.parse(reviewDayItem) : null;
  const exams = reviewCalendarEntity.limitCounts(calendar, day);
  return {
    stats,
    done: {
      new: (graded?.new_count ?? 0) + exams.new,
      reviews: (graded?.review_count ?? 0) + exams.reviews,
      graded: graded?.graded_count ?? 0,
    },
    buried: new Set(graded?.buried ?? []),
  };
}

/** The learner's QSTAT items of these questions, whole (BatchGetItem per 100), by question id. */
export async function statItems(userId: string, questionIds: string[]): Promise<Map<string, StoredItem>> {
  const items = await batchGetAll(questionIds.map((id) => questionStatEntity.key(userId, id)));
  return new Map(items.map((item) => [String(item.question_id), item]));
}

/** One QSTAT item, strongly consistent (the grade reads before it writes). */
export async function statItem(userId: string, questionId: string): Promise<StoredItem | null> {
  return getItem(questionStatEntity.key(userId, questionId), true);
}

export async function getGrade(userId: string, gradeId: string): Promise<ReviewGradeRecord | null> {
  const item = await getItem(reviewGradeEntity.key(userId, gradeId), true);
  return item ? reviewGradeEntity.parse(item) : null;
}

/** Why a grade's transaction was refused. */
export class GradeReplayed extends Error {}
export class StatChanged extends Error {}

const dayUpdate = (userId: string, day: string, sign: 1 | -1, kind: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: reviewDayEntity.key(userId, day),
    UpdateExpression: 'SET #type = :type, #day = :day ADD new_count :n, review_count :r, graded_count :g',
    ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
    ExpressionAttributeValues: {
      ':type': reviewDayEntity.type,
      ':day': day,
      ':n': kind === 'new' ? sign : 0,
      ':r': kind === 'due' ? sign : 0,
      ':g': sign,
    },
  },
});

/**
 * Writes one grade in one transaction: the claim (REVGRADE, absent), the statistic (optimistic
 * version), the review log, the day's counts and its review-calendar count (D171) and the undo pointer.
 * Throws
 * GradeReplayed when the grade id was applied before, StatChanged when the statistic moved.
 */
export async function writeGrade(input: {
  userId: string;
  grade: ReviewGradeRecord;
  stat: QuestionStatItem;
  previous: StoredItem | null;
  revlog: StoredItem;
  now: Date;
}): Promise<void> {
  const { userId, grade, stat, previous } = input;
  const condition = statCondition(previous ?? undefined);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: reviewGradeEntity.item(userId, grade, input.now),
        ConditionExpression: ITEM_ABSENT,
      },
    },
    { Put: { TableName: table(), Item: { ...stat }, ...condition } },
    { Put: { TableName: table(), Item: input.revlog } },
    dayUpdate(userId, grade.day, 1, grade.kind),
    reviewCalendarUpdate(userId, grade.day, 1),
    { Put: { TableName: table(), Item: reviewLastEntity.item(userId, grade.grade_id) } },
  ];
  await transactWrite(items, (reasons) => {
    if (reasons[0] === CONDITION_FAILED) return new GradeReplayed();
    if (reasons[1] === CONDITION_FAILED) return new StatChanged();
    return null;
  });
}

/** The undo could not apply: nothing to undo, or the card was graded again since. */
export class NothingToUndo extends Error {}

/**
 * Takes back `grade` (the one REVLAST names): restores the statistic, removes its log and counts. A
 * grade made before D262 may carry a `learning_before` copy of a REVLEARN item: ignored, as the item
 * is (nothing reads it; it goes with the account).
 */
export async function writeUndo(userId: string, grade: ReviewGradeRecord, named = false): Promise<void> {
  const statKey = questionStatEntity.key(userId, grade.question_id);
  const versionIs = { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': grade.version_after } };
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: reviewGradeEntity.key(userId, grade.grade_id),
        UpdateExpression: 'SET undone = :t',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(undone) OR undone = :f)',
        ExpressionAttributeValues: { ':t': true, ':f': false },
      },
    },
    grade.previous
      ? { Put: { TableName: table(), Item: grade.previous, ...versionIs } }
      : { Delete: { TableName: table(), Key: statKey, ...versionIs } },
    { Delete: { TableName: table(), Key: { pk: userPk(userId), sk: grade.revlog_sk } } },
    dayUpdate(userId, grade.day, -1, grade.kind),
    reviewCalendarUpdate(userId, grade.day, -1),
    {
      Delete: {
        TableName: table(),
        Key: reviewLastEntity.key(userId),
        // A grade named by the client: the pointer is gone (its newer grades were taken back) or is this one.
        ConditionExpression: named ? 'attribute_not_exists(pk) OR grade_id = :g' : 'grade_id = :g',
        ExpressionAttributeValues: { ':g': grade.grade_id },
      },
    },
  ];
  await transactWrite(items, (reasons) => (reasons.includes(CONDITION_FAILED) ? new NothingToUndo() : null));
}

/** The day's buried cards are full (MAX_BURIED_PER_DAY). */
export class BuryLimit extends Error {}

/**
 * Buries a card until the learner's next day, or brings it back: the id in (or out of) the day's
 * `REVDAY#` string set, which the queue reads anyway (1 UpdateItem; D305).
 */
export async function writeBury(userId: string, day: string, questionId: string, buried: boolean, cap: number) {
  const ids = new Set([questionId]);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: reviewDayEntity.key(userId, day),
        UpdateExpression: buried
          ? 'SET #type = :type, #day = :day ADD buried :ids'
          : 'SET #type = :type, #day = :day DELETE buried :ids',
        ...(buried ? { ConditionExpression: 'attribute_not_exists(buried) OR size(buried) < :cap' } : {}),
        ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
        ExpressionAttributeValues: {
          ':type': reviewDayEntity.type,
          ':day': day,
          ':ids': ids,
          ...(buried ? { ':cap': cap } : {}),
        },
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw new BuryLimit();
    throw error;
  }
}

/** The learner's leeches, most failed first, at most `limit` (1 Query of the sparse gsi2). */
export async function leechStats(
  userId: string,
  limit: number,
): Promise<{ questionId: string; examId: string; failures: number }[]> {
  const { gsi2pk } = questionStatEntity.leechIndex(userId, 0, '');
  const { Items } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi2pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => ({
    questionId: String(item.question_id),
    examId: typeof item.exam_id === 'string' ? item.exam_id : '',
    failures: Math.max(0, Number(item.total_attempts ?? 0) - Number(item.correct_attempts ?? 0)),
  }));
}

export { reviewLogEntity };
