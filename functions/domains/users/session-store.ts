import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { queryPages } from '../../runtime/data/paginate.js';
import { config } from '../../runtime/config.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { sessionEntity, type SessionRecord } from './entities/session.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

/** Sessions end after a week without use, and a month after sign-in whatever happens. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_SECONDS = 3600;

export type { SessionRecord };

const now = () => Math.floor(Date.now() / 1000);

/** Only a hash of the id is stored: a leaked table holds no usable session. */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

function expiryOf(createdAt: number, lastSeenAt: number): number {
  return Math.min(lastSeenAt + SESSION_IDLE_SECONDS, createdAt + SESSION_ABSOLUTE_SECONDS);
}

/** Creates a session with a fresh 256-bit id (never reuses one: no session fixation). */
export async function createSession(userId: string): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  const t = now();
  const key = sessionKey(sessionId);
  await db().send(
    new PutCommand({
      TableName: config.ephemeralTable,
      Item: sessionEntity.item(key, { userId, createdAt: t, lastSeenAt: t, expiresAt: expiryOf(t, t) }),
      ConditionExpression: ITEM_ABSENT,
    }),
  );
  return sessionId;
}

/** A live session or null; DynamoDB TTL deletes lazily, so expiry is checked here too. */
export async function readSession(sessionId: string): Promise<(SessionRecord & { key: string }) | null> {
  const key = sessionKey(sessionId);
  const { Item } = await db().send(new GetCommand({ TableName: config.ephemeralTable, Key: sessionEntity.key(key) }));
  if (!Item) return null;
  const record = sessionEntity.parse(Item);
  const t = now();
  if (expiryOf(record.createdAt, record.lastSeenAt) <= t) return null;
  if (t - record.lastSeenAt >= TOUCH_INTERVAL_SECONDS) {
    try {
      // Conditional: a sign-out between the read and this touch must not write a fragment of the session back.
      await db().send(
        new UpdateCommand({
          TableName: config.ephemeralTable,
          Key: sessionEntity.key(key),
          UpdateExpression: 'SET lastSeenAt = :t, expiresAt = :e',
          ConditionExpression: ITEM_EXISTS,
          ExpressionAttributeValues: { ':t': t, ':e': expiryOf(record.createdAt, t) },
        }),
      );
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  }
  return { ...record, key };
}

export async function deleteSession(key: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.ephemeralTable, Key: sessionEntity.key(key) }));
}

/** Ends every session of a user (password change, withdrawal, admin delete), optionally but one. */
export async function deleteUserSessions(userId: string, exceptKey?: string): Promise<void> {
  const pages = queryPages({
    TableName: config.ephemeralTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': sessionEntity.userPartition(userId) },
    ProjectionExpression: 'pk, sk',
  });
  for await (const page of pages) {
    const doomed = page.items.map(primaryKeyOf).filter((item) => item.pk !== sessionEntity.key(exceptKey ?? '').pk);
    // Retries what DynamoDB leaves unprocessed: an ended session must really be gone.
    await batchWriteAll(doomed.map(deleteRequest), { table: config.ephemeralTable });
  }
}
