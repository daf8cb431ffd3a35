import type * as contracts from '#shared/contracts/learning-data.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { getUser } from '../users/index.js';
import { forbidden, notFound } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { resetStatistics } from './reset.js';
import { cleanupOldestResults } from './retention.js';

/**
 * Time a request spends deleting (the group's Lambda timeout is 29 s); what does not fit is
 * finished later (reset: the next call or the retention-cleanup job; cleanup: the next run).
 */
export const REQUEST_BUDGET_MS = 20_000;

/** POST /api/user-statistics/reset/ (L14): the caller's own, or anyone's for a site admin. */
export async function resetUserStatistics(
  input: ServiceInput<typeof contracts.resetUserStatistics>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const asked = input.body.user_id ?? null;
  let target = caller.id;
  if (asked && asked !== caller.id) {
    if (!isSiteAdmin(caller)) throw forbidden('statistics_reset_forbidden');
    if (!(await getUser(asked))) throw notFound('statistics_user_not_found');
    target = asked;
  }
  const outcome = await resetStatistics(target, Date.now() + REQUEST_BUDGET_MS);
  ctx.log.info('statistics reset', { userId: target, by: caller.id, ...outcome });
  return {
    success: true as const,
    message: errorMessage(outcome.completed ? 'statistics_reset_done' : 'statistics_reset_continues', ctx.language),
    deleted_count: outcome.deleted,
    completed: outcome.completed,
  };
}

/** POST /api/retention-cleanup/manual/ (L22): the caller's own oldest p % of results. */
export async function manualRetentionCleanup(
  input: ServiceInput<typeof contracts.manualRetentionCleanup>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  let percentage = input.body.percentage;
  if (percentage === undefined || percentage === null) {
    const user = await getUser(caller.id);
    percentage = user?.retention_cleanup_percentage ?? 0;
  }
  const outcome = await cleanupOldestResults(caller.id, percentage, Date.now() + REQUEST_BUDGET_MS);
  ctx.log.info('retention cleanup (manual)', { userId: caller.id, percentage, ...outcome });
  return {
    success: true as const,
    message: errorMessage(outcome.completed ? 'retention_cleanup_done' : 'retention_cleanup_partial', ctx.language, {
      count: outcome.deleted,
    }),
    deleted_count: outcome.deleted,
    completed: outcome.completed,
  };
}
