import type * as contracts from '#shared/contracts/workload.js';
import { LIMITS } from '#shared/domain/limits.js';
import { badRequest } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { desiredRetentionOf, schedulerFor } from './fsrs.js';
import { moveReviews } from './review-move.js';
import { SIMULATED_DAYS, simulateRetentions } from './workload-sim.js';

/** POST /api/review-postpone/ */
export async function postponeReviews(input: ServiceInput<typeof contracts.postponeReviews>, ctx: SignedInContext) {
  return moveReviews(ctx.caller.user, input.body, 'postpone');
}

/** POST /api/review-advance/ */
export async function advanceReviews(input: ServiceInput<typeof contracts.advanceReviews>, ctx: SignedInContext) {
  return moveReviews(ctx.caller.user, input.body, 'advance');
}

/** GET /api/review-workload/: no DynamoDB request (the caller's projection carries weights and settings). */
export async function getWorkloadForecast(
  input: ServiceInput<typeof contracts.getWorkloadForecast>,
  ctx: SignedInContext,
) {
  const user = ctx.caller.user;
  const { min, max, default: fallback } = LIMITS.newCardsPerDay;
  const asked = input.query.new_cards_per_day;
  const newPerDay = asked === undefined ? (user.new_cards_per_day ?? fallback) : Number(asked);
  if (!Number.isInteger(newPerDay) || newPerDay < min || newPerDay > max)
    throw badRequest('invalid_new_cards_per_day', { min, max });
  const scheduler = schedulerFor(user);
  return {
    days: SIMULATED_DAYS,
    new_cards_per_day: newPerDay,
    desired_retention: desiredRetentionOf(user),
    personal: scheduler.weights !== null,
    options: simulateRetentions(scheduler.weights, newPerDay),
  };
}
