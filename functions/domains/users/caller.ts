import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { parseCallerUser, userEntity } from './entities/user.js';
import type { Caller } from '../../runtime/http/types.js';
import { readSession } from './session-store.js';
import { db } from '../../runtime/data/db.js';

/** Two GetItems whatever the user has: the session, then the user it belongs to. */
export async function loadCaller(sessionId: string): Promise<Caller | null> {
  const session = await readSession(sessionId);
  if (!session) return null;
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: userEntity.key(session.userId),
      ProjectionExpression: 'id, username, #role, is_superuser, is_staff, #language',
      ExpressionAttributeNames: { '#role': 'role', '#language': 'language' },
    }),
  );
  if (!Item) return null;
  return { sessionKey: session.key, user: parseCallerUser(Item) };
}
