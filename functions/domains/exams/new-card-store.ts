import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchGetAll, batchWriteAll, deleteRequest, putRequest } from '../../runtime/data/batch-ops.js';
import { db } from '../../runtime/data/db.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { examEntity } from './entities/exam.js';
import { examQuestionEntity } from './entities/exam-question.js';
import { newCardPlaceEntity, type NewCardPlace } from './entities/new-card-place.js';
import type { PlacedCopy } from './new-card-window.js';
import { copyInExamIndex } from './question-copy-store.js';

/** Reads and writes of the learner's places in their source exams (D308; new-card-window.ts has the rule). */

const placedCopy = (item: Record<string, unknown>): PlacedCopy => {
  const placed = examQuestionEntity.parsePlaced(item);
  return { position: placed.order, question: examQuestionEntity.parse(item) };
};

/** The learner's places in these exams (one BatchGetItem); an exam never read has none. */
export async function readPlaces(userId: string, examIds: string[]): Promise<Map<string, NewCardPlace>> {
  if (examIds.length === 0) return new Map();
  const items = await batchGetAll(examIds.map((id) => newCardPlaceEntity.key(userId, id)));
  return new Map(items.map(newCardPlaceEntity.parse).map((p) => [p.examId, p]));
}

/** The exam's next `limit` questions past `frontier`, in position order (1 Query, one page at most). */
export async function copiesAfter(examId: string, frontier: number, limit: number): Promise<PlacedCopy[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': examEntity.partition(examId),
        ':from': examQuestionEntity.key(examId, frontier + 1).sk,
        ':to': examEntity.questionsEnd,
      },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(placedCopy);
}

/** Copies by place (one BatchGetItem per 100); a place whose copy is gone or holds another question is left out. */
export async function copiesAt(
  places: { examId: string; position: number; questionId: string }[],
): Promise<Map<string, { examId: string; copy: PlacedCopy }>> {
  const items = await batchGetAll(places.map((p) => examQuestionEntity.key(p.examId, p.position)));
  const found = new Map<string, { examId: string; copy: PlacedCopy }>();
  const byKey = new Map(items.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, item]));
  for (const p of places) {
    const key = examQuestionEntity.key(p.examId, p.position);
    const item = byKey.get(`${key.pk}\u0000${key.sk}`);
    if (item && item.id === p.questionId && !found.has(p.questionId))
      found.set(p.questionId, { examId: p.examId, copy: placedCopy(item) });
  }
  return found;
}

/** The question's copy in the exam through gsi1 `QUESTION#<id>` (1 Query; the index projects the whole copy). */
export async function copyInExam(examId: string, questionId: string): Promise<PlacedCopy | null> {
  const item = await copyInExamIndex(examId, questionId);
  return item ? placedCopy(item) : null;
}

/** Writes changed places whole (one BatchWriteItem for the ≤ 3 exams a queue reads). */
export async function savePlaces(userId: string, places: NewCardPlace[]): Promise<void> {
  if (places.length === 0) return;
  await batchWriteAll(places.map((p) => putRequest(newCardPlaceEntity.item(userId, p))));
}

/**
 * Forgets every place of the learner (a Query of `QNEW#` keys, BatchWrites of 25): statistics were
 * deleted, so questions counted answered may be new again. The next queue read rebuilds them.
 */
export async function forgetPlaces(userId: string): Promise<void> {
  const keys = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': newCardPlaceEntity.skPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await batchWriteAll(keys.map((k) => deleteRequest(primaryKeyOf(k))));
}
