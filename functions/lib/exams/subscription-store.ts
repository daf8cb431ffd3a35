import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { batchWriteAll, deleteRequest, idsWithItems, itemExists, putRequest } from '../data/batch-ops.js';
import { subscriptionEntity, userPk } from '../data/entities/index.js';

/** Exam subscriptions, in the subscriber's partition (`USER#<id>`/`SUB#<examId>`): who gets which exam in the daily quiz. */
const db = () => dynamoDocument();

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

export async function subscribe(userId: string, examIds: string[]): Promise<void> {
  const now = new Date().toISOString();
  await batchWriteAll(examIds.map((examId) => putRequest(subscriptionEntity.item(userId, examId, now))));
}

export async function unsubscribe(userId: string, examIds: string[]): Promise<void> {
  await batchWriteAll(examIds.map((examId) => deleteRequest(subscriptionEntity.key(userId, examId))));
}

/** The caller's subscriptions, newest first is not needed: bounded to 1,000 per answer. */
export async function subscribedExamIds(userId: string, limit = 1000): Promise<string[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':s': subscriptionEntity.skPrefix },
      ProjectionExpression: 'exam_id',
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((i) => subscriptionEntity.parse(i).exam_id);
}
