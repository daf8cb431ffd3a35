import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { transactWrite, type TransactItem } from '../../runtime/data/db.js';
import { CONDITION_FAILED } from '../../runtime/data/dynamo-errors.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { queryBounded } from '../../runtime/data/paginate.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { questionStatEntity } from './entities/question-stat.js';
import { reviewLogEntity, type ReviewRow } from './entities/review-log.js';
import { reviewCalendarEntity } from './entities/review-calendar.js';
import { reviewDayEntity, reviewGradeEntity } from './entities/review-grade.js';
import type { FsrsCard } from './fsrs.js';
import type { WindowRow } from './review-merge.js';

/**
 * Reads and writes of the offline merge (review-sync.ts): the claims and cards of a batch in one
 * BatchGetItem per 100 keys, the review log since the oldest out-of-order grade (one Query, bounded
 * pages; only when a grade is older than its card's last review), the snapshots of the rows it
 * rewinds (BatchGetItem), and the writes in transactions of ≤ 100 items.
 */
const table = () => config.appTable;

/** Pages of the log one merge reads at most (1 MB each); past them the older grades are appended. */
export const LOG_WINDOW_PAGES = 4;

/** Source of a Review-screen grade's log item (review-grade.ts writes the same). */
export const gradeSource = (gradeId: string) => `review.${gradeId}`;

export interface SyncState {
  claimed: Set<string>;
  stats: Map<string, StoredItem>;
}

/** Which grade ids are claimed already, and the cards, strongly consistent. */
export async function readSyncState(userId: string, gradeIds: string[], questionIds: string[]): Promise<SyncState> {
  const items = await batchGetAll(
    [
      ...gradeIds.map((id) => reviewGradeEntity.key(userId, id)),
      ...questionIds.map((id) => questionStatEntity.key(userId, id)),
    ],
    { consistent: true },
  );
  const claimed = new Set<string>();
  const stats = new Map<string, StoredItem>();
  for (const item of items) {
    const sk = String(item.sk);
    if (sk.startsWith(reviewGradeEntity.skPrefix)) claimed.add(sk.slice(reviewGradeEntity.skPrefix.length));
    else stats.set(String(item.question_id), item);
  }
  return { claimed, stats };
}

/**
 * The log rows of `questionIds` from `fromIso` on (1 Query, ≤ LOG_WINDOW_PAGES pages). A capped
 * read ends every card's window with a row that cannot be rewound, at the last time read.
 */
export async function readLogWindow(
  userId: string,
  fromIso: string,
  questionIds: ReadonlySet<string>,
): Promise<Map<string, WindowRow[]>> {
  const { items, lastKey } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': userPk(userId),
        ':from': `${reviewLogEntity.skPrefix}${fromIso}`,
        ':to': `${reviewLogEntity.skPrefix}~`,
      },
      ProjectionExpression: 'sk, answered_at, reviews',
      ConsistentRead: true,
    },
    { want: Number.POSITIVE_INFINITY, maxPages: LOG_WINDOW_PAGES },
  );
  const rows = new Map<string, WindowRow[]>([...questionIds].map((id) => [id, []]));
  for (const item of items) {
    const source = String(item.sk).split('#').slice(2).join('#');
    const gradeId = source.startsWith('review.') ? source.slice('review.'.length) : null;
    for (const row of (item.reviews ?? []) as ReviewRow[])
      rows.get(row[0])?.push({ at: String(item.answered_at), rating: Number(row[1]), grade_id: gradeId });
  }
  const lastAt = items.at(-1)?.answered_at;
  if (lastKey && typeof lastAt === 'string')
    for (const list of rows.values()) list.push({ at: lastAt, rating: 0, grade_id: null });
  return rows;
}

/** The card before each of these grades (null: new), from their claims; a missing claim is left out. */
export async function readSnapshots(userId: string, gradeIds: string[]): Promise<Map<string, FsrsCard | null>> {
  if (!gradeIds.length) return new Map();
  const items = await batchGetAll(
    gradeIds.map((id) => reviewGradeEntity.key(userId, id)),
    { consistent: true, projection: 'grade_id, previous' },
  );
  return new Map(
    items.map((item) => {
      const previous = item.previous as { fsrs?: FsrsCard } | null | undefined;
      return [String(item.grade_id), previous?.fsrs ?? null];
    }),
  );
}

/** One card's share of a merge: its items and the day counts of its new grades. */
export interface CardWrite {
  questionId: string;
  items: TransactItem[];
  counts: { day: string; kind: string }[];
}

export const putClaim = (item: StoredItem): TransactItem => ({
  Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});
export const putItem = (item: StoredItem, condition?: object): TransactItem => ({
  Put: { TableName: table(), Item: item, ...condition },
});

/** The new snapshot of a rewound grade (its claim must still be there: an undo in between refuses it). */
export const snapshotUpdate = (userId: string, gradeId: string, previous: StoredItem | null): TransactItem => ({
  Update: {
    TableName: table(),
    Key: reviewGradeEntity.key(userId, gradeId),
    UpdateExpression: 'SET previous = :p',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(undone) OR undone = :f)',
    ExpressionAttributeValues: { ':p': previous, ':f': false },
  },
});

/** The day counts of a pack: one Update per learner day (REVDAY) and per year (REVCAL), as a grade adds them. */
function countUpdates(userId: string, counts: CardWrite['counts']): TransactItem[] {
  const days = new Map<string, { n: number; r: number; g: number }>();
  for (const { day, kind } of counts) {
    const c = days.get(day) ?? { n: 0, r: 0, g: 0 };
    c.g++;
    if (kind === 'new') c.n++;
    if (kind === 'due') c.r++;
    days.set(day, c);
  }
  const items: TransactItem[] = [];
  const years = new Map<string, Map<string, number>>();
  for (const [day, c] of days) {
    items.push({
      Update: {
        TableName: table(),
        Key: reviewDayEntity.key(userId, day),
        UpdateExpression: 'SET #type = :type, #day = :day ADD new_count :n, review_count :r, graded_count :g',
        ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
        ExpressionAttributeValues: { ':type': reviewDayEntity.type, ':day': day, ':n': c.n, ':r': c.r, ':g': c.g },
      },
    });
    const year = years.get(day.slice(0, 4)) ?? new Map<string, number>();
    year.set(day, c.g);
    years.set(day.slice(0, 4), year);
  }
  for (const [year, perDay] of years) items.push(calendarUpdate(userId, year, perDay));
  return items;
}

function calendarUpdate(userId: string, year: string, perDay: Map<string, number>): TransactItem {
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = { ':type': reviewCalendarEntity.type };
  const adds = [...perDay].map(([day, n], i) => {
    names[`#d${i}`] = reviewCalendarEntity.attribute(day);
    values[`:d${i}`] = n;
    return `#d${i} :d${i}`;
  });
  return {
    Update: {
      TableName: table(),
      Key: reviewCalendarEntity.key(userId, year),
      UpdateExpression: `SET #type = :type ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const MAX_TRANSACTION_ITEMS = 100;

const packSize = (writes: CardWrite[]) =>
  writes.reduce((n, w) => n + w.items.length, 0) +
  new Set(writes.flatMap((w) => w.counts.map((c) => c.day))).size +
  new Set(writes.flatMap((w) => w.counts.map((c) => c.day.slice(0, 4)))).size;

/** Cards grouped into transactions of ≤ 100 items (a card never split: its writes land together). */
export function packCards(writes: CardWrite[]): CardWrite[][] {
  const packs: CardWrite[][] = [];
  let pack: CardWrite[] = [];
  for (const write of writes) {
    if (pack.length && packSize([...pack, write]) > MAX_TRANSACTION_ITEMS) {
      packs.push(pack);
      pack = [];
    }
    pack.push(write);
  }
  if (pack.length) packs.push(pack);
  return packs;
}

class Lost extends Error {}

/** A pack's transaction; false when it lost a race (a grade claimed, a card or a snapshot changed). */
export async function writePack(userId: string, pack: CardWrite[]): Promise<boolean> {
  const items = [
    ...pack.flatMap((w) => w.items),
    ...countUpdates(
      userId,
      pack.flatMap((w) => w.counts),
    ),
  ];
  try {
    // A race only (a condition, a concurrent transaction): anything else is a fault, thrown as it is.
    await transactWrite(items, (reasons) =>
      reasons.some((r) => r === CONDITION_FAILED || r === 'TransactionConflict') ? new Lost() : null,
    );
    return true;
  } catch (error) {
    if (error instanceof Lost) return false;
    throw error;
  }
}
