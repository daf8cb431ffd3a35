import type { Caller } from '../../runtime/http/types.js';
import { readSession } from './session-store.js';
import { getCallerUser } from './user-store.js';

/** Two GetItems whatever the user has: the session, then the user it belongs to. */
export async function loadCaller(sessionId: string): Promise<Caller | null> {
  const session = await readSession(sessionId);
  if (!session) return null;
  const user = await getCallerUser(session.userId);
  return user ? { sessionKey: session.key, user } : null;
}
