import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTES_MODEL_LIMITS } from '#shared/contracts/notes-questions.js';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';

/**
 * The model tier's calls per learner and UTC day: one counter item in the ephemeral table,
 * `THROTTLE#notes-model#<user>#<day>`, expiring (TTL) at the day's end. Counting is one conditional
 * UpdateItem, so two calls at once cannot both take the last one.
 */
export const notesModelCallKey = (userId: string, day: string) => ({
  pk: `THROTTLE#notes-model#${userId}#${day}`,
  sk: 'THROTTLE',
});

/** The UTC day of `now` and the seconds left in it. */
export function callDay(now: number): { day: string; secondsLeft: number; end: number } {
  const day = new Date(now).toISOString().slice(0, 10);
  const end = Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
  return { day, end, secondsLeft: Math.max(1, Math.ceil(end - now / 1000)) };
}

/** Calls the user has left today. */
export async function callsLeft(userId: string, now = Date.now()): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.ephemeralTable,
      Key: notesModelCallKey(userId, callDay(now).day),
      ConsistentRead: true,
    }),
  );
  const used = typeof Item?.count === 'number' ? Item.count : 0;
  return Math.max(0, NOTES_MODEL_LIMITS.callsPerDay - used);
}

/**
 * Takes one of today's calls: the calls left after it, or null when none was left (nothing written).
 */
export async function takeCall(userId: string, now = Date.now()): Promise<number | null> {
  const { day, end } = callDay(now);
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: config.ephemeralTable,
        Key: notesModelCallKey(userId, day),
        UpdateExpression: 'ADD #count :one SET expiresAt = :end',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':end': end, ':limit': NOTES_MODEL_LIMITS.callsPerDay },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return NOTES_MODEL_LIMITS.callsPerDay - Number(Attributes?.count ?? NOTES_MODEL_LIMITS.callsPerDay);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}
