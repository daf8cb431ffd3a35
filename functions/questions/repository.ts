import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exams.js';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { idsWithItems, itemExists } from '../lib/data/batch-ops.js';
import { queryAll } from '../lib/data/paginate.js';
import { isConditionFailure } from '../lib/data/dynamo-errors.js';
import { examQuestionsWithId, indexedQuestionCopy } from '../lib/exams/exam-store.js';
import { examEntity, examQuestionEntity, favoriteEntity, ignoredEntity, userPk, type FavoriteRecord, type StoredQuestion } from '../lib/data/entities/index.js';

/**
 * Storage of question edits (one exam's copy), favorites and ignored questions (issue 5).
 * Keys: docs/architecture.md §2.5 (E19, E20) and §2.6 (L15–L19).
 */
const db = () => dynamoDocument();

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
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: config.appTable, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: config.appTable,
              Key: examEntity.key(examId),
              UpdateExpression: 'ADD total_questions :one',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(total_questions) OR total_questions < :max)',
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_EXAM_QUESTIONS },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ExamFullError(examId);
    throw error;
  }
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
              ConditionExpression: 'attribute_exists(pk)',
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

/** Put `FAV#<qid>` unless one exists (a double click keeps the first snapshot). */
export async function putFavorite(userId: string, favorite: FavoriteItem): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: config.appTable,
        Item: favoriteEntity.item(userId, favorite),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function deleteFavorite(userId: string, questionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.appTable, Key: favoriteEntity.key(userId, questionId) }));
}

/** Every favorite of the user (Query `begins_with(sk,'FAV#')`, 1 MB pages). */
export async function listFavorites(userId: string): Promise<FavoriteItem[]> {
  return (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :f)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':f': favoriteEntity.skPrefix },
    })
  ).map(favoriteEntity.parse);
}

// --- ignored questions ---

export async function putIgnored(userId: string, questionId: string): Promise<void> {
  await db()
    .send(
      new PutCommand({
        TableName: config.appTable,
        Item: ignoredEntity.item(userId, questionId, new Date().toISOString()),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

export async function deleteIgnored(userId: string, questionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.appTable, Key: ignoredEntity.key(userId, questionId) }));
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

/** Query `begins_with(sk,'IGNORED#')`, ids and times only. */
export async function listIgnored(userId: string): Promise<{ question_id: string; ignored_at: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':i': ignoredEntity.skPrefix },
    ProjectionExpression: 'question_id, ignored_at',
  });
  return items.map(ignoredEntity.parse);
}
