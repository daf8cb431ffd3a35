import { createSession, deleteSession, sessionKey, SESSION_ABSOLUTE_SECONDS } from '../users/index.js';
import { COOKIE, cookieName, expireCookie, serializeCookie } from '../../runtime/http/cookies.js';
import type { RequestContext } from '../../runtime/http/types.js';

/**
 * Signs the user in on this browser: whatever session cookie the request carried (valid or not,
 * planted or not) is deleted server-side, and a fresh random id is issued. The caller's old id
 * can never become an authenticated one, which is what rules out session fixation.
 */
export async function startSession(userId: string, ctx: RequestContext): Promise<string> {
  const previous = ctx.cookies[cookieName(COOKIE.session)];
  if (previous) await deleteSession(sessionKey(previous));
  const sessionId = await createSession(userId);
  return serializeCookie(COOKIE.session, sessionId, { httpOnly: true, maxAgeSeconds: SESSION_ABSOLUTE_SECONDS });
}

/** Deletes this browser's session (if any) and answers the cookie that removes it. */
export async function endSession(ctx: RequestContext): Promise<string> {
  const current = ctx.cookies[cookieName(COOKIE.session)];
  if (current) await deleteSession(sessionKey(current));
  return expireSessionCookie();
}

export function expireSessionCookie(): string {
  return expireCookie(COOKIE.session, true);
}
