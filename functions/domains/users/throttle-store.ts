import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { throttleEntity } from './entities/throttle.js';
import { db } from '../../runtime/data/db.js';

/**
 * Fixed-window failure counters in the ephemeral table: `THROTTLE#<scope>#<subject>` holds
 * `count` and `expiresAt` (the end of the window, also the TTL attribute). The first failure
 * opens a window; failures inside it are added atomically; once it has passed the counter
 * starts over (DynamoDB TTL deletes lazily, so expiry is checked on read, not trusted to TTL).
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: () => number;
}

export const LOGIN_PER_USERNAME: ThrottleRule = {
  scope: 'login-user',
  limit: 5,
  windowSeconds: () => config.loginThrottleWindowSeconds,
};

export const LOGIN_PER_IP: ThrottleRule = {
  scope: 'login-ip',
  limit: 20,
  windowSeconds: () => config.loginThrottleWindowSeconds,
};

/** Registrations refused for a taken email, per address: slows down probing for accounts. */
export const REGISTER_PER_IP: ThrottleRule = {
  scope: 'register-ip',
  limit: 10,
  windowSeconds: () => config.loginThrottleWindowSeconds,
};

/** Verification mails a user may ask for within an hour. */
export const VERIFICATION_MAIL_PER_USER: ThrottleRule = {
  scope: 'verify-mail',
  limit: 5,
  windowSeconds: () => 3600,
};

const now = () => Math.floor(Date.now() / 1000);

/** Seconds until the subject may try again, or 0 when it is not blocked. */
export async function blockedFor(rule: ThrottleRule, subject: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.ephemeralTable,
      Key: throttleEntity.key(rule.scope, subject),
      ConsistentRead: true,
    }),
  );
  if (!Item) return 0;
  const t = now();
  const { count, expiresAt } = throttleEntity.parse(Item);
  if (expiresAt <= t) return 0;
  return count >= rule.limit ? Math.max(1, expiresAt - t) : 0;
}

/** Counts one failure (or one use) for the subject. */
export async function recordHit(rule: ThrottleRule, subject: string): Promise<void> {
  const t = now();
  const key = throttleEntity.key(rule.scope, subject);
  const fresh = { ...key, count: 1, expiresAt: t + rule.windowSeconds() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Inside a live window: add one.
      await db().send(
        new UpdateCommand({
          TableName: config.ephemeralTable,
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':now': t },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    try {
      // No counter, or its window has passed: open a new window (unless a racer just did).
      await db().send(
        new PutCommand({
          TableName: config.ephemeralTable,
          Item: fresh,
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': t },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}

export async function clearThrottle(rule: ThrottleRule, subject: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: config.ephemeralTable, Key: throttleEntity.key(rule.scope, subject) }),
  );
}
