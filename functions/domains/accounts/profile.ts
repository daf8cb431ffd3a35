import type { z } from 'zod/mini';
import type * as profile from '#shared/contracts/profile.js';
import type { Language } from '#shared/domain/language.js';
import { canonicalTimeZone } from '#shared/domain/learner-day.js';
import { easyDaysOf } from '#shared/domain/workload.js';
import { accountMessage } from './messages.js';
import { expireSessionCookie } from './session-cookie.js';
import {
  getUser,
  StaleUser,
  UniqueConflict,
  updateUser,
  type UserChanges,
  type UserRecord,
  toProfileAnswer,
} from '../users/index.js';
import { cleanEmail, cleanName } from './validation.js';
import { conflict, unauthorized } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';

type Body<C extends { body: z.ZodMiniType }> = z.infer<C['body']>;

/** The caller's full USER item (the session only carries a projection); 401 when it is gone. */
export async function me(ctx: SignedInContext): Promise<UserRecord> {
  const user = await getUser(ctx.caller.user.id);
  if (!user) throw unauthorized();
  return user;
}

async function apply(user: UserRecord, changes: UserChanges): Promise<UserRecord> {
  try {
    return await updateUser(user, changes);
  } catch (error) {
    // Not named: whether an address has an account is nobody else's business (docs/decisions/accounts-and-sessions.md).
    if (error instanceof UniqueConflict) throw conflict('email_unavailable');
    if (error instanceof StaleUser) throw conflict('conflict');
    throw error;
  }
}

/** GET /api/user-profile/ and GET /api/user-profile/get/ */
export async function getProfile(ctx: SignedInContext) {
  return toProfileAnswer(await me(ctx));
}

/** PATCH /api/user-profile/update/ — a new email address is unverified until its link is used. */
export async function updateProfile(input: { body: Body<typeof profile.updateProfile> }, ctx: SignedInContext) {
  const { body } = input;
  const user = await me(ctx);
  const changes: UserChanges = {
    first_name: body.first_name === undefined ? undefined : cleanName(body.first_name),
    last_name: body.last_name === undefined ? undefined : cleanName(body.last_name),
    email: body.email === undefined ? undefined : cleanEmail(body.email),
    random_exam_email_enabled: body.random_exam_email_enabled,
    random_exam_question_count: body.random_exam_question_count,
    // Validated by the contract; stored under its canonical name (asia/seoul → Asia/Seoul).
    time_zone: body.time_zone === undefined ? undefined : (canonicalTimeZone(body.time_zone) ?? undefined),
    day_rollover_hour: body.day_rollover_hour,
    // Two decimals: a slider's 0.9000000001 is stored as 0.9.
    desired_retention:
      body.desired_retention === undefined ? undefined : Math.round(body.desired_retention * 100) / 100,
    new_cards_per_day: body.new_cards_per_day,
    max_reviews_per_day: body.max_reviews_per_day,
    // Validated by the contract (seven known modes).
    easy_days: body.easy_days === undefined ? undefined : easyDaysOf({ easy_days: body.easy_days }).slice(),
    load_balancing: body.load_balancing,
  };
  return toProfileAnswer(await apply(user, changes));
}

/** PATCH /api/user-profile/ — retention cleanup settings. */
export async function updateRetentionSettings(
  input: { body: Body<typeof profile.updateRetentionSettings> },
  ctx: SignedInContext,
) {
  const user = await me(ctx);
  return toProfileAnswer(
    await apply(user, {
      retention_cleanup_enabled: input.body.retention_cleanup_enabled,
      retention_cleanup_percentage: input.body.retention_cleanup_percentage,
    }),
  );
}

/** POST /api/change-language/ */
export async function changeLanguage(input: { body: { language: Language } }, ctx: SignedInContext) {
  const user = await apply(await me(ctx), { language: input.body.language });
  return { success: true as const, language: user.language };
}

/** DELETE /api/delete-my-account/ — every personal record, every session; the cookie goes too. */
export async function deleteMyAccount(ctx: SignedInContext): Promise<Reply> {
  const user = await me(ctx);
  // The purge reaches every domain's stores: loaded by the first withdrawal, not at every cold start (D509).
  const { purgeUser } = await import('./purge-user.js');
  const { deletedItems } = await purgeUser(user, ctx.log);
  ctx.log.info('account withdrawn', { userId: user.id, deletedItems });
  return jsonReply({ message: accountMessage('account_deleted', user.language) }, { cookies: [expireSessionCookie()] });
}
