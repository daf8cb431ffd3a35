import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';
import { PENDING_RESET_SUFFIX, scheduledPartition, scheduledShardOf } from './scheduled-shards.js';

/** A count: 0 when absent, never below 0 (an ADD −1 may race a reset that removed what it counted). */
const count = () =>
  z.pipe(
    orDefault(z.number(), 0),
    z.transform((n) => Math.max(0, n)),
  );

/**
 * `USER#<id>`/`COUNTERS`: the user's `result_count` and `exam_count` (O(1) totals for lists),
 * `stats_reset_cutoff` while a statistics reset is unfinished, and `favorite_count` /
 * `ignored_count` (the caps of favorites and ignored questions).
 */
const countersSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    result_count: count(),
    exam_count: count(),
    stats_reset_cutoff: z.optional(z.string()),
    /** `FAV#` and `IGNORED#` items of the user, kept with them in one transaction (their caps). */
    favorite_count: count(),
    ignored_count: count(),
  }),
);
export type CountersRecord = z.infer<ReturnType<typeof countersSchema>>;

export const countersEntity = {
  key: (userId: string) => ({ pk: userPk(userId), sk: 'COUNTERS' }),
  type: 'COUNTERS',
  /** Sparse gsi2 of an unfinished statistics reset (scheduled-shards.ts). */
  pendingResetIndex: (userId: string) => ({
    gsi2pk: scheduledPartition(scheduledShardOf(userId)),
    gsi2sk: `${userId}${PENDING_RESET_SUFFIX}`,
  }),
  /** The user of a pending-reset index entry (its gsi2sk). */
  userOfPendingReset: (gsi2sk: string) =>
    gsi2sk.endsWith(PENDING_RESET_SUFFIX) ? gsi2sk.slice(0, -PENDING_RESET_SUFFIX.length) : null,
  parse: /* @__PURE__ */ itemParser(countersSchema),
};
