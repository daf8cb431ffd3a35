import type { z } from 'zod/mini';
import type * as auth from '#shared/contracts/auth.js';
import { normalizeLogin } from '#shared/domain/accounts.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import {
  hashPassword,
  needsRehash,
  verifyPassword,
  findUserByUsername,
  findUserIdByEmail,
  findUserIdByUsername,
  getUser,
  insertUser,
  setPasswordHash,
  StaleUser,
  UniqueConflict,
  toUserAnswer,
  deleteUserSessions,
  blockedFor,
  clearThrottle,
  LOGIN_PER_IP,
  LOGIN_PER_USERNAME,
  recordHit,
  REGISTER_PER_IP,
} from '../users/index.js';
import { endSession, startSession } from './session-cookie.js';
import { accountMessage } from './messages.js';
import { checkNewPassword, cleanEmail, cleanFreeText, cleanName, cleanUsername } from './validation.js';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import { sendVerificationOnSignUp } from './email-verification.js';
import type { RequestContext, SignedInContext } from '../../runtime/http/types.js';

type Body<C extends { body: z.ZodMiniType }> = z.infer<C['body']>;

/** POST /api/register/ — creates the account and signs it in (auto_login). */
export async function register(input: { body: Body<typeof auth.register> }, ctx: RequestContext): Promise<Reply> {
  const { body } = input;
  const username = cleanUsername(body.id);
  const firstName = cleanName(body.name, { required: true });
  const password = checkNewPassword(body.password);
  if (body.password_confirm !== undefined && body.password_confirm !== body.password) {
    throw badRequest('passwords_do_not_match');
  }
  const email = cleanEmail(body.email);
  const affiliation = cleanFreeText(body.affiliation);
  const location = cleanFreeText(body.location);

  const wait = await blockedFor(REGISTER_PER_IP, ctx.sourceIp);
  if (wait > 0) throw tooManyRequests(wait);

  // Cheap checks first, so a taken name costs no hashing; the transaction below is the real guard.
  if (await findUserIdByUsername(username)) throw conflict('username_taken');
  if (email && (await findUserIdByEmail(email))) return refuseTakenEmail(ctx);

  const passwordHash = await hashPassword(password);
  let user;
  try {
    user = await insertUser({
      username,
      passwordHash,
      email,
      first_name: firstName,
      affiliation,
      location,
      language: body.language ?? ctx.language,
      // The browser's zone (D120); insertUser keeps Asia/Seoul for a name Intl does not know.
      time_zone: body.time_zone,
      auth_provider: 'password',
    });
  } catch (error) {
    if (error instanceof UniqueConflict && error.field === 'email') return refuseTakenEmail(ctx);
    if (error instanceof UniqueConflict) throw conflict('username_taken');
    throw error;
  }
  const cookie = await startSession(user.id, ctx);
  await sendVerificationOnSignUp(user, ctx);
  ctx.log.info('user registered', { userId: user.id });
  return jsonReply({ success: true, auto_login: true, user: toUserAnswer(user) }, { status: 201, cookies: [cookie] });
}

/**
 * A taken email is not named as such (docs/decisions/accounts-and-sessions.md): the answer is a generic
 * registration_failed, and each one counts against the caller's address, so probing which
 * emails have accounts is slow.
 */
async function refuseTakenEmail(ctx: RequestContext): Promise<never> {
  await recordHit(REGISTER_PER_IP, ctx.sourceIp);
  throw conflict('registration_failed');
}

/**
 * POST /api/login/ — throttled per username and per client address; the same answer and the
 * same cost (one scrypt) for an unknown user and a wrong password.
 */
export async function login(input: { body: Body<typeof auth.login> }, ctx: RequestContext): Promise<Reply> {
  const username = input.body.username.trim();
  const password = input.body.password;
  const subject = normalizeLogin(username).slice(0, 200);
  const [byUser, byIp] = await Promise.all([
    blockedFor(LOGIN_PER_USERNAME, subject),
    blockedFor(LOGIN_PER_IP, ctx.sourceIp),
  ]);
  if (byUser > 0 || byIp > 0) throw tooManyRequests(Math.max(byUser, byIp));

  const user = username ? await findUserByUsername(username) : null;
  // verifyPassword runs a full scrypt even when there is no user or no usable hash.
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) {
    await Promise.all([recordHit(LOGIN_PER_USERNAME, subject), recordHit(LOGIN_PER_IP, ctx.sourceIp)]);
    throw new AppError(401, 'invalid_credentials');
  }
  await clearThrottle(LOGIN_PER_USERNAME, subject);
  if (needsRehash(user.passwordHash)) await setPasswordHash(user.id, await hashPassword(password));
  const cookie = await startSession(user.id, ctx);
  return jsonReply({ success: true, user: toUserAnswer(user) }, { cookies: [cookie] });
}

/** POST /api/logout/ — ends this browser's session; harmless without one. */
export async function logout(ctx: RequestContext): Promise<Reply> {
  const cookie = await endSession(ctx);
  return jsonReply({ success: true, message: accountMessage('logged_out', ctx.language) }, { cookies: [cookie] });
}

/** GET /api/auth/status/ */
export async function authStatus(ctx: RequestContext) {
  const user = ctx.caller ? await getUser(ctx.caller.user.id) : null;
  return user ? { authenticated: true, user: toUserAnswer(user) } : { authenticated: false, user: null };
}

/**
 * POST /api/user/{id}/change-password/
 * - Your own password: needs current_password (wrong guesses count against the login throttle);
 *   every other session of yours ends, this one stays.
 * - An admin setting someone else's: {password}; every session of that user ends.
 * - Anyone else: 403, whether or not the user exists.
 */
export async function changePassword(
  input: { params: { id: string }; body: Body<typeof auth.changePassword> },
  ctx: SignedInContext,
) {
  const caller = ctx.caller;
  const { body } = input;
  if (input.params.id === caller.user.id) {
    const next = body.new_password ?? body.password;
    if (!body.current_password) throw badRequest('current_password_required');
    const subject = normalizeLogin(caller.user.username);
    const wait = await blockedFor(LOGIN_PER_USERNAME, subject);
    if (wait > 0) throw tooManyRequests(wait);
    const user = await getUser(caller.user.id);
    if (!user) throw notFound('user_not_found');
    if (!(await verifyPassword(body.current_password, user.passwordHash))) {
      await recordHit(LOGIN_PER_USERNAME, subject);
      throw badRequest('current_password_incorrect');
    }
    checkNewPassword(next);
    await setPasswordHash(user.id, await hashPassword(next!));
    await deleteUserSessions(user.id, caller.sessionKey);
    return { success: true as const, message: accountMessage('password_changed', ctx.language) };
  }

  if (!isSiteAdmin(caller.user)) throw forbidden();
  const target = await getUser(input.params.id);
  if (!target) throw notFound('user_not_found');
  const next = checkNewPassword(body.password ?? body.new_password);
  try {
    await setPasswordHash(target.id, await hashPassword(next));
  } catch (error) {
    if (error instanceof StaleUser) throw notFound('user_not_found');
    throw error;
  }
  await deleteUserSessions(target.id);
  ctx.log.info('password set by admin', { userId: target.id, adminId: caller.user.id });
  return { success: true as const, message: accountMessage('password_changed', ctx.language) };
}
