import { UpdateCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { config } from '../../runtime/config.js';
import { examEntity } from './entities/exam.js';
import { examQuestionEntity } from './entities/exam-question.js';
import { questionPositionCounterEntity } from './entities/question-position-counter.js';
import { type StoredQuestion } from '../files/index.js';
import { db, transactWrite, ITEM_ABSENT, ITEM_EXISTS, type TransactItem } from '../../runtime/data/db.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { isConditionFailure } from '../../runtime/data/dynamo-errors.js';
import { examQuestionsWithId, indexedQuestionCopy } from './question-copy-store.js';
import { putCounted } from '../../runtime/data/counted.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { forgetExamStamp } from './public-exam-cache.js';

/**
 * Bulk changes to the question copies of exams (docs/architecture.md E20, E21, E25): move, copy,
 * delete, group update, import. Every change to an exam's set of questions is a transaction that
 * also moves `total_questions`, so the count never drifts; a transaction holds ≤ 100 items, so
 * large selections are written chunk by chunk (each chunk whole or not at all).
 */

/** A copy where it is stored: its position in the exam and the question id it must still hold. */
export interface QuestionPlace {
  position: number;
  id: string;
}

/** A write found the exam's questions changed under it (a concurrent edit): nothing of that chunk was written. */
export class QuestionsChangedError extends Error {}

const MAX_TRANSACTION_ITEMS = 100;

/**
 * Reserves `count` consecutive positions of an exam on its `QSEQ` counter (1 UpdateItem):
 * `next_position = if_not_exists(next_position, :base) + :count`. `base` is the highest position
 * seen in the exam's items, so the first reservation continues after what create-exam wrote.
 */
export async function reservePositions(examId: string, base: number, count: number): Promise<number[]> {
  const answer = await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: questionPositionCounterEntity.key(examId),
      UpdateExpression: 'SET next_position = if_not_exists(next_position, :base) + :count, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':base': base, ':count': count, ':type': questionPositionCounterEntity.type },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = questionPositionCounterEntity.parse(answer.Attributes ?? {}).next_position;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** The highest position among an exam's questions (0 for none). */
export const highestPosition = (questions: StoredQuestion[]) =>
  questions.reduce((max, q) => Math.max(max, Number(q.order ?? 0)), 0);

export const putCopy = (examId: string, position: number, question: StoredQuestion): TransactItem => ({
  Put: {
    TableName: config.appTable,
    Item: examQuestionEntity.item(examId, position, question),
    ConditionExpression: ITEM_ABSENT,
  },
});

const deleteCopy = (examId: string, place: QuestionPlace): TransactItem => ({
  Delete: {
    TableName: config.appTable,
    Key: examQuestionEntity.key(examId, place.position),
    ConditionExpression: 'id = :id',
    ExpressionAttributeValues: { ':id': place.id },
  },
});

/** `ADD total_questions :delta` on the exam; a growing exam stays within the 2,000-question cap. */
export function countChange(examId: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: config.appTable,
      Key: examEntity.key(examId),
      UpdateExpression: 'ADD total_questions :delta',
      ConditionExpression:
        delta > 0
          ? 'attribute_exists(pk) AND (attribute_not_exists(total_questions) OR total_questions <= :room)'
          : ITEM_EXISTS,
      ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 ? { ':room': MAX_EXAM_QUESTIONS - delta } : {}) },
    },
  };
}

/** The exam's content version + 1 (D405), in the same transaction as the change it counts. */
export const versionBump = (examId: string): TransactItem => {
  forgetExamStamp(examId);
  return questionPositionCounterEntity.contentVersionBump(examId, config.appTable);
};

/** The same on its own (1 UpdateItem), after a change written by a helper of its own. */
export async function bumpContentVersion(examId: string): Promise<void> {
  forgetExamStamp(examId);
  await db().send(new UpdateCommand(questionPositionCounterEntity.contentVersionBump(examId, config.appTable).Update));
}

/** A cancelled question write means another writer changed the exam's questions first. */
const transact = (items: TransactItem[]) => transactWrite(items, () => new QuestionsChangedError());

/** Splits `entries` into chunks whose per-entry item counts plus `fixed` stay within one transaction. */
function chunksOf<T>(entries: T[], itemsPerEntry: (entry: T) => number, fixed: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let used = fixed;
  for (const entry of entries) {
    const size = itemsPerEntry(entry);
    if (current.length > 0 && used + size > MAX_TRANSACTION_ITEMS) {
      chunks.push(current);
      current = [];
      used = fixed;
    }
    current.push(entry);
    used += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** New copies of questions at reserved positions: per ≤ 99, one transaction of Puts + the count. */
export async function addCopies(
  examId: string,
  placed: { position: number; question: StoredQuestion }[],
): Promise<void> {
  for (const chunk of chunksOf(placed, () => 1, 2)) {
    await transact([
      ...chunk.map((p) => putCopy(examId, p.position, p.question)),
      countChange(examId, chunk.length),
      versionBump(examId),
    ]);
  }
}

/** Removes copies (each only if its place still holds that question): per ≤ 99, Deletes + the count. */
export async function removeCopies(examId: string, places: QuestionPlace[]): Promise<void> {
  for (const chunk of chunksOf(places, () => 1, 2)) {
    await transact([
      ...chunk.map((p) => deleteCopy(examId, p)),
      countChange(examId, -chunk.length),
      versionBump(examId),
    ]);
  }
}

export interface MoveEntry {
  from: QuestionPlace;
  /** Where it lands in the target; absent when the target already holds the question (removed from the source only). */
  to?: { position: number; question: StoredQuestion };
}

/**
 * Moves copies between exams: Delete in the source + Put in the target (same question id, so
 * statistics and favorites stay with it) and both counts, per chunk of ≤ 49 in one transaction.
 */
export async function moveCopies(sourceId: string, targetId: string, entries: MoveEntry[]): Promise<void> {
  for (const chunk of chunksOf(entries, (e) => (e.to ? 2 : 1), 4)) {
    const landed = chunk.filter((e) => e.to).length;
    await transact([
      ...chunk.flatMap((e) => [
        deleteCopy(sourceId, e.from),
        ...(e.to ? [putCopy(targetId, e.to.position, e.to.question)] : []),
      ]),
      countChange(sourceId, -chunk.length),
      ...(landed > 0 ? [countChange(targetId, landed)] : []),
      versionBump(sourceId),
      ...(landed > 0 && targetId !== sourceId ? [versionBump(targetId)] : []),
    ]);
  }
}

/**
 * Sets fields of copies in place (position and id kept): per ≤ 100, one transaction of Puts,
 * each conditioned on the place still holding that question.
 */
export async function replaceCopies(examId: string, questions: StoredQuestion[]): Promise<void> {
  for (const chunk of chunksOf(questions, () => 1, 1)) {
    await transact([
      ...chunk.map((q) => ({
        Put: {
          TableName: config.appTable,
          Item: examQuestionEntity.item(examId, Number(q.order), q),
          ConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':id': q.id },
        },
      })),
      versionBump(examId),
    ]);
  }
}

// --- one question's copy in one exam (edits: docs/architecture.md §2.5 E19, E20) ---

/**
 * The copy of a question inside one exam: gsi1 `QUESTION#<qid>` / begins_with `EXAM#<examId>#`
 * (1 Query), then the item itself, strongly consistent (1 GetItem). The index lags a fresh add
 * for a moment, so a miss falls back to a Query of the exam's question items filtered by id.
 */
export async function findQuestionInExam(examId: string, questionId: string): Promise<StoredQuestion | null> {
  const item = await findQuestionItemInExam(examId, questionId);
  return item ? examQuestionEntity.parse(item) : null;
}

/** The same, as the stored item (its index keys kept: a cloze card's note index, D456). */
export async function findQuestionItemInExam(examId: string, questionId: string): Promise<StoredItem | null> {
  const hit = await indexedQuestionCopy(examId, questionId);
  if (hit) {
    const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: hit, ConsistentRead: true }));
    if (Item && Item.id === questionId) return Item;
  }
  const items = await examQuestionsWithId(examId, questionId);
  return items[0] ?? null;
}

/** The highest position holding a question in the exam (1 Query, newest first, 1 item); 0 for none. */
export async function highestStoredPosition(examId: string): Promise<number> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': examEntity.partition(examId), ':q': examQuestionEntity.skPrefix },
      ProjectionExpression: '#order',
      ExpressionAttributeNames: { '#order': 'order' },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return Number(Items?.[0]?.order ?? 0);
}

/** Exam ids holding a copy of the question (gsi1 `QUESTION#<qid>`), at most `limit`. */
export async function examsHoldingQuestion(questionId: string, limit = 25): Promise<string[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :e)',
      ExpressionAttributeValues: {
        ':pk': examQuestionEntity.copyPartition(questionId),
        ':e': examQuestionEntity.homePrefix(),
      },
      ProjectionExpression: 'exam_id',
      Limit: limit,
    }),
  );
  return [...new Set((answer.Items ?? []).map((i) => examQuestionEntity.parseExamId(i)))];
}

export class QuestionGoneError extends Error {}
export class ExamFullError extends Error {}

/** Replaces one exam copy (same key), only if it still holds that question, and bumps the content version: 1 transaction. */
export async function saveQuestionCopy(
  examId: string,
  position: number,
  question: StoredQuestion,
): Promise<StoredQuestion> {
  const item = examQuestionEntity.item(examId, position, question);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.appTable,
              Item: item,
              ConditionExpression: 'attribute_exists(pk) AND id = :id',
              ExpressionAttributeValues: { ':id': question.id },
            },
          },
          versionBump(examId),
        ],
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
export async function insertQuestionCopy(
  examId: string,
  position: number,
  question: StoredQuestion,
): Promise<StoredQuestion> {
  const item = examQuestionEntity.item(examId, position, question);
  const outcome = await putCounted(item, {
    key: examEntity.key(examId),
    attribute: 'total_questions',
    cap: MAX_EXAM_QUESTIONS,
    mustExist: true,
  });
  // A taken position cannot happen (it was reserved); an exam gone or full is refused alike.
  if (outcome !== 'added') throw new ExamFullError(examId);
  await bumpContentVersion(examId);
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
          versionBump(examId),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new QuestionGoneError(questionId);
    throw error;
  }
}

/** The question copies at these positions of these exams (BatchGetItem), by `<examId>|<position>`; empty positions are absent. */
export async function questionsAtPositions(
  slots: { examId: string; position: number }[],
): Promise<Map<string, StoredQuestion>> {
  const items = await batchGetAll(slots.map((s) => examQuestionEntity.key(s.examId, s.position)));
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, examQuestionEntity.parse(item)]));
  const found = new Map<string, StoredQuestion>();
  for (const slot of slots) {
    const key = examQuestionEntity.key(slot.examId, slot.position);
    const question = byKey.get(`${key.pk}|${key.sk}`);
    if (question) found.set(`${slot.examId}|${slot.position}`, question);
  }
  return found;
}
