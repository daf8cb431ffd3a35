import type { z } from 'zod/mini';
import type * as users from '#shared/contracts/users.js';
import { USER_PAGE_SIZE } from '#shared/contracts/users.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { accountMessage } from './messages.js';
import {
  hashPassword,
  getUser,
  insertUser,
  listUsersPage,
  searchUsersByPrefix,
  StaleUser,
  UniqueConflict,
  updateUser,
  displayName,
  toUserAnswer,
} from '../users/index.js';
import { checkNewPassword, cleanEmail, cleanName, cleanUsername } from './validation.js';
import { conflict, forbidden, notFound } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { canManage, loadStudyAccess } from '../studies/index.js';

type Body<C extends { body: z.ZodMiniType }> = z.infer<C['body']>;

/** Admins only (the contracts say access 'admin'; the handler refuses everyone else with 403). */

/** GET /api/users/: a page of users by username, with the cursor of the next. */
export async function listUsers(input: ServiceInput<typeof users.listUsers>) {
  const { users: found, next } = await listUsersPage({
    cursor: input.query.cursor,
    pageSize: input.query.page_size ?? USER_PAGE_SIZE,
    search: input.query.search,
  });
  return { results: found.map(toUserAnswer), next };
}

/** POST /api/users/create/ — admins may name the taken email (they manage accounts). */
export async function createUser(input: { body: Body<typeof users.createUser> }, ctx: SignedInContext): Promise<Reply> {
  const { body } = input;
  const username = cleanUsername(body.username);
  const password = checkNewPassword(body.password);
  const email = cleanEmail(body.email);
  const firstName = cleanName(body.first_name);
  const lastName = cleanName(body.last_name);
  const passwordHash = await hashPassword(password);
  try {
    const user = await insertUser({
      username,
      passwordHash,
      email,
      first_name: firstName,
      last_name: lastName,
      role: body.role ?? 'user_role',
      language: body.language ?? ctx.language,
      auth_provider: 'admin',
    });
    ctx.log.info('user created by admin', { userId: user.id, adminId: ctx.caller.user.id });
    return jsonReply(
      { detail: accountMessage('user_created', ctx.language), user: toUserAnswer(user) },
      { status: 201 },
    );
  } catch (error) {
    if (error instanceof UniqueConflict) throw conflict(error.field === 'email' ? 'email_taken' : 'username_taken');
    throw error;
  }
}

/** PUT /api/users/{id}/ — nobody changes their own role, admins included. */
export async function updateUserByAdmin(
  input: { params: { id: string }; body: Body<typeof users.updateUser> },
  ctx: SignedInContext,
) {
  const { body } = input;
  const target = await getUser(input.params.id);
  if (!target) throw notFound('user_not_found');
  if (target.id === ctx.caller.user.id && body.role !== undefined && body.role !== target.role) {
    throw forbidden('cannot_change_own_role');
  }
  try {
    const user = await updateUser(target, {
      first_name: body.first_name === undefined ? undefined : cleanName(body.first_name),
      last_name: body.last_name === undefined ? undefined : cleanName(body.last_name),
      email: body.email === undefined ? undefined : cleanEmail(body.email),
      role: body.role,
      language: body.language,
    });
    return { detail: accountMessage('user_updated', ctx.language), user: toUserAnswer(user) };
  } catch (error) {
    if (error instanceof UniqueConflict) throw conflict('email_taken');
    if (error instanceof StaleUser) throw conflict('conflict');
    throw error;
  }
}

/** DELETE /api/users/{id}/delete/ — the same purge as withdrawal; not for one's own account. */
export async function deleteUserByAdmin(input: { params: { id: string } }, ctx: SignedInContext) {
  if (input.params.id === ctx.caller.user.id) throw forbidden('cannot_delete_self');
  const target = await getUser(input.params.id);
  if (!target) throw notFound('user_not_found');
  // The purge reaches every domain's stores: loaded by the first delete, not at every cold start (D509).
  const { purgeUser } = await import('./purge-user.js');
  await purgeUser(target, ctx.log);
  ctx.log.info('user deleted by admin', { userId: target.id, adminId: ctx.caller.user.id });
  return { detail: accountMessage('user_deleted', ctx.language) };
}

/** Site admins, and the managers of `studyId` (adding members to it); an unknown or unreadable study gives no emails. */
async function maySeeEmails(studyId: string | undefined, ctx: SignedInContext): Promise<boolean> {
  if (isSiteAdmin(ctx.caller.user)) return true;
  if (!studyId) return false;
  const access = await loadStudyAccess(studyId, ctx.caller.user);
  return !!access && canManage(access);
}

/** GET /api/search-users/?q= — username prefix, at most 20 (the member picker). Emails: see the contract. */
export const SEARCH_LIMIT = 20;
export async function searchUsers(input: { query: { q: string; study_id?: string } }, ctx: SignedInContext) {
  const [found, showEmails] = await Promise.all([
    searchUsersByPrefix(input.query.q, SEARCH_LIMIT),
    maySeeEmails(input.query.study_id, ctx),
  ]);
  return {
    users: found.map((u) => ({
      id: u.id,
      username: u.username,
      display_name: displayName(u) || u.username,
      email: showEmails ? u.email : null,
    })),
  };
}
