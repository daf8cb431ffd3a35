import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exams.js';
import { MAX_FAVORITE_QUESTIONS, MAX_IGNORED_QUESTIONS } from '#shared/contracts/questions.js';
import { config } from '../../runtime/config.js';
import { idsWithItems, itemExists } from '../../runtime/data/batch-ops.js';
import { queryBounded } from '../../runtime/data/paginate.js';
import { conditionFailedAt, isConditionFailure, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { retry } from '../../runtime/retry.js';
import { examQuestionsWithId, indexedQuestionCopy } from './exam-store.js';
import { countersEntity } from '../users/index.js';
import { examEntity } from './entities/exam.js';
import { examQuestionEntity } from './entities/exam-question.js';
import { favoriteEntity, ignoredEntity, type FavoriteRecord } from '../learning/index.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { type StoredQuestion } from '../files/index.js';
import { conflict } from '../../runtime/http/app-error.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

/**
 * Storage of question edits (one exam's copy), favorites and ignored questions (issue 5).
 * Keys: docs/architecture.md §2.5 (E19, E20) and §2.6 (L15–L19).
 */

export type FavoriteItem = FavoriteRecord;

/**
 * The copy of a question inside one exam: gsi1 `QUESTION#<qid>` / begins_with `EXAM#<examId>#`
 * (1 Query), then the item itself, strongly consistent (1 GetItem). The index lags a fresh add
 * for a moment, so a miss falls back to a Query of the exam's question items filtered by id.
 */
export async function findQuestionInExam(examId: string, questionId: string): Promise<StoredQuestion | null> {
  const hit = await indexedQuestionCopy(examId, questionId);
  if (hit) {
    const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: hit, ConsistentRead: true }));
    if (Item && Item.id === questionId) return examQuestionEntity.parse(Item);
  }
  const items = await examQuestionsWithId(examId, questionId);
  return items[0] ? examQuestionEntity.parse(items[0]) : null;
}

/** Exam ids holding a copy of the question (gsi1 `QUESTION#<qid>`), at most `limit`. */
export async function examsHoldingQuestion(questionId: string, limit = 25): Promise<string[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :e)',
      ExpressionAttributeValues: { ':pk': examQuestionEntity.copyPartition(questionId), ':e': examQuestionEntity.homePrefix() },
      ProjectionExpression: 'exam_id',
      Limit: limit,
    }),
  );
  return [...new Set((answer.Items ?? []).map((i) => examQuestionEntity.parseExamId(i)))];
}

export class QuestionGoneError extends Error {}
export class ExamFullError extends Error {}

/** Replaces one exam copy (same key), only if it still holds that question: 1 PutItem. */
export async function saveQuestionCopy(examId: string, position: number, question: StoredQuestion): Promise<StoredQuestion> {
  const item = examQuestionEntity.item(examId, position, question);
  try {
    await db().send(
      new PutCommand({
        TableName: config.appTable,
        Item: item,
        ConditionExpression: 'attribute_exists(pk) AND id = :id',
        ExpressionAttributeValues: { ':id': question.id },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new QuestionGoneError(question.id);
    throw error;
  }
  return examQuestionEntity.parse(item);
}

/**
 * Adds a question at a reserved position: one transaction of Put `Q#<pos>` (new key) and
 * `ADD total_questions 1` on the exam (exists, below the cap).
 */
export async function insertQuestionCopy(examId: string, position: number, question: StoredQuestion): Promise<StoredQuestion> {
  const item = examQuestionEntity.item(examId, position, question);
  const outcome = await putCounted(item, { key: examEntity.key(examId), attribute: 'total_questions', cap: MAX_EXAM_QUESTIONS, mustExist: true });
  // A taken position cannot happen (it was reserved); an exam gone or full is refused alike.
  if (outcome !== 'added') throw new ExamFullError(examId);
  return examQuestionEntity.parse(item);
}

/** Removes one exam copy (if it still holds the question) and `ADD total_questions -1`, in one transaction. */
export async function deleteQuestionCopy(examId: string, position: number, questionId: string): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: config.appTable,
              Key: examQuestionEntity.key(examId, position),
              ConditionExpression: 'id = :id',
              ExpressionAttributeValues: { ':id': questionId },
            },
          },
          {
            Update: {
              TableName: config.appTable,
              Key: examEntity.key(examId),
              UpdateExpression: 'ADD total_questions :minus',
              ConditionExpression: ITEM_EXISTS,
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new QuestionGoneError(questionId);
    throw error;
  }
}

// --- favorites (snapshots in the user's partition) ---

export async function getFavorite(userId: string, questionId: string): Promise<FavoriteItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: favoriteEntity.key(userId, questionId), ConsistentRead: true }));
  return Item ? favoriteEntity.parse(Item) : null;
}

/**
 * Put `FAV#<qid>` unless one exists (a double click keeps the first snapshot), counted on the
 * user's `COUNTERS` in the same transaction: `favorite_limit_reached` (409) at the cap.
 */
export async function putFavorite(userId: string, favorite: FavoriteItem): Promise<void> {
  await putFlag(favoriteEntity.item(userId, favorite), flagCounter(userId, 'favorite_count', MAX_FAVORITE_QUESTIONS), 'favorite_limit_reached');
}

export async function deleteFavorite(userId: string, questionId: string): Promise<void> {
  await deleteCounted(favoriteEntity.key(userId, questionId), flagCounter(userId, 'favorite_count', MAX_FAVORITE_QUESTIONS));
}

/** The user's favorites (Query `begins_with(sk,'FAV#')`, 1 MB pages): at most the cap, so a fixed number of pages. */
export async function listFavorites(userId: string): Promise<FavoriteItem[]> {
  const { items } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :f)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':f': favoriteEntity.skPrefix },
    },
    { want: MAX_FAVORITE_QUESTIONS, maxPages: Number.POSITIVE_INFINITY },
  );
  return items.map(favoriteEntity.parse);
}

// --- ignored questions ---

/** Put `IGNORED#<qid>` unless one exists (the first time stays), counted like a favorite: `ignored_limit_reached` at the cap. */
export async function putIgnored(userId: string, questionId: string): Promise<void> {
  await putFlag(ignoredEntity.item(userId, questionId, new Date().toISOString()), flagCounter(userId, 'ignored_count', MAX_IGNORED_QUESTIONS), 'ignored_limit_reached');
}

export async function deleteIgnored(userId: string, questionId: string): Promise<void> {
  await deleteCounted(ignoredEntity.key(userId, questionId), flagCounter(userId, 'ignored_count', MAX_IGNORED_QUESTIONS));
}

type FlagCounter = 'favorite_count' | 'ignored_count';

/** Favorites and ignored questions are counted on the user's COUNTERS item (its `type` set on the first write). */
const flagCounter = (userId: string, attribute: FlagCounter, cap: number): CountedItem => ({ key: countersEntity.key(userId), attribute, cap, type: countersEntity.type });

async function putFlag(item: Record<string, unknown>, counter: CountedItem, limitCode: string): Promise<void> {
  // Already marked: nothing changes and nothing is counted (as a repeated click expects).
  if ((await putCounted(item, counter)) === 'full') throw conflict(limitCode, { max: counter.cap });
}

/** The item counted by a capped counter: its key, the attribute, the cap, and the item's `type` when the write may create it. */
interface CountedItem {
  key: { pk: string; sk: string };
  attribute: string;
  cap: number;
  /** The counter's item must exist already (an exam), else it is made by the first write. */
  mustExist?: boolean;
  type?: string;
}

/** Conflicting transactions on the same counter (two marks at once) are tried again; conditions decide the rest. */
const COUNTER_RETRY = { attempts: 4, baseMs: 25, shouldRetry: (error: unknown) => isTransactionCanceled(error) };

/**
 * One transaction: Put `item` unless it exists, and ADD 1 to the counter on the condition that it is
 * below its cap. `exists`: the item was there (nothing written); `full`: the cap (or, with
 * `mustExist`, a missing counter item) refused it.
 */
async function putCounted(item: Record<string, unknown>, counter: CountedItem): Promise<'added' | 'exists' | 'full'> {
  return retry(async () => {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: config.appTable, Item: item, ConditionExpression: ITEM_ABSENT } }, { Update: counterUpdate(counter, 1) }],
        }),
      );
      return 'added';
    } catch (error) {
      if (conditionFailedAt(error, 0)) return 'exists';
      if (conditionFailedAt(error, 1)) return 'full';
      throw error;
    }
  }, COUNTER_RETRY);
}

/** One transaction: Delete the item if it exists, and the counter − 1; deleting what is gone already changes nothing. */
async function deleteCounted(key: { pk: string; sk: string }, counter: CountedItem): Promise<void> {
  await retry(async () => {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [{ Delete: { TableName: config.appTable, Key: key, ConditionExpression: ITEM_EXISTS } }, { Update: counterUpdate(counter, -1) }],
        }),
      );
    } catch (error) {
      if (!conditionFailedAt(error, 0)) throw error;
    }
  }, COUNTER_RETRY);
}

/** ADD `delta` to the counter; an increment only below the cap (a counter never written counts as 0). */
function counterUpdate(counter: CountedItem, delta: 1 | -1) {
  const below = 'attribute_not_exists(#n) OR #n < :cap';
  return {
    TableName: config.appTable,
    Key: counter.key,
    UpdateExpression: counter.type ? 'SET #type = :type ADD #n :delta' : 'ADD #n :delta',
    ...(delta > 0 && { ConditionExpression: counter.mustExist ? `attribute_exists(pk) AND (${below})` : below }),
    ExpressionAttributeNames: { '#n': counter.attribute, ...(counter.type && { '#type': 'type' }) },
    ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 && { ':cap': counter.cap }), ...(counter.type && { ':type': counter.type }) },
  };
}

export function ignoredIds(userId: string, questionIds: string[]): Promise<Set<string>> {
  return idsWithItems(
    questionIds,
    (id) => ignoredEntity.key(userId, id),
    'question_id',
    (item) => ignoredEntity.parse(item).question_id,
  );
}

export function isIgnored(userId: string, questionId: string): Promise<boolean> {
  return itemExists(ignoredEntity.key(userId, questionId), 'question_id');
}

/** Query `begins_with(sk,'IGNORED#')`, ids and times only: at most the cap (one or two 1 MB pages). */
export async function listIgnored(userId: string): Promise<{ question_id: string; ignored_at: string }[]> {
  const { items } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':i': ignoredEntity.skPrefix },
      ProjectionExpression: 'question_id, ignored_at',
    },
    { want: MAX_IGNORED_QUESTIONS, maxPages: Number.POSITIVE_INFINITY },
  );
  return items.map(ignoredEntity.parse);
}
