import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/domain/roles.js';
import type { Language } from '../../../shared/domain/language.js';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { keys } from '../data/keys.js';
import { readSession } from './session-store.js';

/** The signed-in user making a request, loaded from their session. */
export interface Caller {
  sessionKey: string;
  user: {
    id: string;
    username: string;
    role: Role;
    is_superuser: boolean;
    is_staff: boolean;
    language: Language;
  };
}

/** Two GetItems whatever the user has: the session, then the user it belongs to. */
export async function loadCaller(sessionId: string): Promise<Caller | null> {
  const session = await readSession(sessionId);
  if (!session) return null;
  const { Item } = await dynamoDocument().send(
    new GetCommand({
      TableName: config.appTable,
      Key: keys.user(session.userId),
      ProjectionExpression: 'id, username, #role, is_superuser, is_staff, #language',
      ExpressionAttributeNames: { '#role': 'role', '#language': 'language' },
    }),
  );
  if (!Item) return null;
  return {
    sessionKey: session.key,
    user: {
      id: Item.id,
      username: Item.username,
      role: Item.role ?? 'user_role',
      is_superuser: !!Item.is_superuser,
      is_staff: !!Item.is_staff,
      language: Item.language === 'en' ? 'en' : 'ko',
    },
  };
}
