import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchWriteAll, deleteRequest, idsWithItems, itemExists, putRequest } from '../../runtime/data/batch-ops.js';
import { subscriptionEntity } from './entities/subscription.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { conflict } from '../../runtime/http/app-error.js';
import { MAX_SUBSCRIBED_EXAMS } from '#shared/contracts/exam-subscriptions.js';
import { db } from '../../runtime/data/db.js';

/** Exam subscriptions, in the subscriber's partition (`USER#<id>`/`SUB#<examId>`): who gets which exam in the daily quiz. */

export function subscriptionsOf(userId: string, examIds: string[]): Promise<Set<string>> {
  return idsWithItems(
    examIds,
    (id) => subscriptionEntity.key(userId, id),
    'exam_id',
    (item) => subscriptionEntity.parse(item).exam_id,
  );
}

export function isSubscribed(userId: string, examId: string): Promise<boolean> {
  return itemExists(subscriptionEntity.key(userId, examId), 'exam_id');
}

/**
 * Subscribes to the exams not subscribed yet, unless that would pass the cap (409
 * `subscription_limit_reached`, nothing written): 1 BatchGetItem of the given exams + 1 Query that
 * counts the user's subscriptions (≤ cap + 1 items of ~60 bytes) + the BatchWriteItem. Two calls at
 * once may each pass the check and together end a few above the cap; every read of the list is
 * bounded on its own (`subscribedExamIds`), so that costs nothing but a few exams more.
 */
export async function subscribe(userId: string, examIds: string[]): Promise<void> {
  const already = await subscriptionsOf(userId, examIds);
  const added = examIds.filter((id) => !already.has(id));
  if (added.length === 0) return;
  if ((await subscriptionCount(userId)) + added.length > MAX_SUBSCRIBED_EXAMS)
    throw conflict('subscription_limit_reached', { max: MAX_SUBSCRIBED_EXAMS });
  const now = new Date().toISOString();
  await batchWriteAll(added.map((examId) => putRequest(subscriptionEntity.item(userId, examId, now))));
}

/** The Query of a user's `SUB#` items. */
const subscriptionsOfUser = (userId: string) => ({
  TableName: config.appTable,
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
  ExpressionAttributeValues: { ':pk': userPk(userId), ':s': subscriptionEntity.skPrefix },
});

/** How many exams the user subscribes to, counted up to the cap + 1 (one Query of keys). */
async function subscriptionCount(userId: string): Promise<number> {
  const answer = await db().send(
    new QueryCommand({ ...subscriptionsOfUser(userId), Select: 'COUNT', Limit: MAX_SUBSCRIBED_EXAMS + 1 }),
  );
  return answer.Count ?? 0;
}

export async function unsubscribe(userId: string, examIds: string[]): Promise<void> {
  await batchWriteAll(examIds.map((examId) => deleteRequest(subscriptionEntity.key(userId, examId))));
}

/**
 * The caller's subscriptions (any order), at most the cap (`MAX_SUBSCRIBED_EXAMS`); a few more only
 * if concurrent subscribes passed it together, read up to 1,000 so they still show.
 */
export async function subscribedExamIds(userId: string, limit = 1000): Promise<string[]> {
  const answer = await db().send(
    new QueryCommand({ ...subscriptionsOfUser(userId), ProjectionExpression: 'exam_id', Limit: limit }),
  );
  return (answer.Items ?? []).map((i) => subscriptionEntity.parse(i).exam_id);
}
