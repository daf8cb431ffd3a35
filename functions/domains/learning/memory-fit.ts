import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SWITCH, requireSwitchOn } from '../../runtime/switches.js';
import type * as contracts from '#shared/contracts/memory-fit.js';
import type { MemoryFit } from '#shared/contracts/memory-fit.js';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import { paginate } from '../../runtime/data/paginate.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { tooManyRequests } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { claimFsrsFit, saveFsrsFit, userEntity } from '../users/index.js';
import { reviewLogEntity, type ReviewLogRecord } from './entities/review-log.js';
import {
  FIT_MIN_ITEMS,
  FULL_FIT_MIN_ITEMS,
  fitWeights,
  measuredRetention,
  reviewLogToItems,
  validWeights,
  type FitOutcome,
} from './fsrs-fit.js';

/**
 * Per-learner FSRS weights: read the learner's review log and current weights, fit, keep the
 * current weights unless the fit predicts the held-back reviews better, store the outcome and its
 * figures on the USER item. `schedulerFor`
 * (fsrs.ts) schedules with the stored weights from the next graded answer on.
 */
const DAY_MS = 86_400_000;
/** The profile button: one fit a day. */
export const FIT_BUTTON_PERIOD_MS = DAY_MS;
/** The scheduled job refits a learner once a week: a week adds a seventh of a busy learner's log at most. */
export const FIT_JOB_PERIOD_MS = 7 * DAY_MS;
/** The scheduler's request retention until the learner sets one (the review screen's setting). */
export const DEFAULT_DESIRED_RETENTION = 0.9;

/** Every REVLOG item of the learner: a paged Query of `begins_with(sk, 'REVLOG#')`, rows only. */
export async function readReviewLog(userId: string): Promise<Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[]> {
  const records: Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[] = [];
  for await (const item of paginate({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':s': reviewLogEntity.skPrefix },
    ProjectionExpression: 'answered_at, reviews',
  })) {
    if (typeof item.answered_at === 'string' && Array.isArray(item.reviews))
      records.push({ answered_at: item.answered_at, reviews: item.reviews as ReviewLogRecord['reviews'] });
  }
  return records;
}

/** The learner's stored weights (null: the defaults), consistently read: a fit must beat what schedules now. */
async function currentWeights(userId: string): Promise<number[] | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: userEntity.key(userId),
      ProjectionExpression: 'fsrs_weights',
      ConsistentRead: true,
    }),
  );
  return validWeights(Item?.fsrs_weights);
}

const finiteOrNull = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : null);

/** Fits one learner now and stores the outcome (the caller has claimed the fit). */
export async function fitLearner(
  userId: string,
  minItems = FIT_MIN_ITEMS,
): Promise<FitOutcome & { retention: number | null }> {
  const [records, current] = await Promise.all([readReviewLog(userId), currentWeights(userId)]);
  const outcome = await fitWeights(reviewLogToItems(records), { current, minItems });
  const { retention } = measuredRetention(records);
  await saveFsrsFit(userId, {
    fsrs_weights: outcome.weights,
    fsrs_review_count: outcome.items,
    fsrs_measured_retention: retention,
    fsrs_fit_outcome: outcome.outcome,
    fsrs_fit_kind: outcome.kind && outcome.heldBack ? outcome.kind : null,
    fsrs_held_back: outcome.heldBack,
    fsrs_log_loss_before: finiteOrNull(outcome.logLossBefore),
    fsrs_log_loss_after: finiteOrNull(outcome.logLossAfter),
  });
  return { ...outcome, retention };
}

/** Stored outcomes as the contract names them; fits stored before the keep rule compared with the current weights said `worse_than_default`. */
const OUTCOMES: Record<string, MemoryFit['outcome']> = {
  fitted: 'fitted',
  too_few_reviews: 'too_few_reviews',
  kept_current: 'kept_current',
  worse_than_default: 'kept_current',
};
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

async function memoryFitOf(userId: string): Promise<MemoryFit> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: userEntity.key(userId),
      ProjectionExpression:
        'fsrs_weights, fsrs_fitted_at, fsrs_review_count, fsrs_measured_retention, fsrs_fit_outcome, ' +
        'fsrs_fit_kind, fsrs_held_back, fsrs_log_loss_before, fsrs_log_loss_after, desired_retention',
    }),
  );
  const fittedAt = typeof Item?.fsrs_fitted_at === 'string' ? Item.fsrs_fitted_at : null;
  const desired = Number(Item?.desired_retention);
  const kind = Item?.fsrs_fit_kind;
  return {
    personal: Array.isArray(Item?.fsrs_weights),
    fitted_at: fittedAt,
    review_count: Number(Item?.fsrs_review_count ?? 0) || 0,
    min_reviews: FIT_MIN_ITEMS,
    full_min_reviews: FULL_FIT_MIN_ITEMS,
    measured_retention: numberOrNull(Item?.fsrs_measured_retention),
    // The desired-retention setting belongs to the review screen; until it is stored, the scheduler's 0.9.
    desired_retention: desired > 0 && desired < 1 ? desired : DEFAULT_DESIRED_RETENTION,
    outcome: OUTCOMES[String(Item?.fsrs_fit_outcome)] ?? null,
    kind: kind === 'initial' || kind === 'full' ? kind : null,
    held_back: numberOrNull(Item?.fsrs_held_back) ?? 0,
    log_loss_before: numberOrNull(Item?.fsrs_log_loss_before),
    log_loss_after: numberOrNull(Item?.fsrs_log_loss_after),
    next_fit_at: fittedAt ? new Date(Date.parse(fittedAt) + FIT_BUTTON_PERIOD_MS).toISOString() : null,
  };
}

/** GET /api/memory-fit/: the caller's own fit as stored (one GetItem). */
export async function getMemoryFit(_input: ServiceInput<typeof contracts.getMemoryFit>, ctx: SignedInContext) {
  return memoryFitOf(ctx.caller.user.id);
}

/** POST /api/memory-fit/: fits the caller's own weights, once a day (`429 too_many_requests` within it). */
export async function fitMemory(_input: ServiceInput<typeof contracts.fitMemory>, ctx: SignedInContext) {
  // Paused before the claim, so a learner refused now may fit as soon as it resumes.
  await requireSwitchOn(SWITCH.fsrsFit);
  const userId = ctx.caller.user.id;
  const now = new Date();
  if (!(await claimFsrsFit(userId, now.toISOString(), new Date(now.getTime() - FIT_BUTTON_PERIOD_MS).toISOString()))) {
    const current = await memoryFitOf(userId);
    const wait = current.next_fit_at ? Math.ceil((Date.parse(current.next_fit_at) - now.getTime()) / 1000) : 60;
    throw tooManyRequests(Math.max(1, wait));
  }
  const outcome = await fitLearner(userId);
  ctx.log.info('memory fit', { outcome: outcome.outcome, items: outcome.items });
  return memoryFitOf(userId);
}
