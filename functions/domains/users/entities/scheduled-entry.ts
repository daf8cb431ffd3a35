import * as z from 'zod/mini';
import { lazy, type StoredItem } from '../../../runtime/data/item.js';
import { userIdOfPk } from '../../../runtime/data/key-parts.js';
import { countersEntity } from './counters.js';
import { USER_SK } from './user.js';

/**
 * What a scheduled job finds in the SCHEDULED gsi2 shards (scheduled-shards.ts): a USER item with
 * retention cleanup on, or a COUNTERS item with an unfinished statistics reset.
 */
export type ScheduledEntry =
  { kind: 'retention'; userId: string; percentage: number } | { kind: 'reset'; userId: string; cutoff: string };

/** The attributes `parseScheduledEntry` reads (a Query's ProjectionExpression). */
export const SCHEDULED_ENTRY_PROJECTION =
  'pk, sk, retention_cleanup_enabled, retention_cleanup_percentage, stats_reset_cutoff';

const entrySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    pk: z.string(),
    sk: z.string(),
    retention_cleanup_enabled: z.optional(z.unknown()),
    retention_cleanup_percentage: z.optional(z.number()),
    stats_reset_cutoff: z.optional(z.unknown()),
  }),
);

export function parseScheduledEntry(item: StoredItem): ScheduledEntry | null {
  const entry = entrySchema().parse(item);
  const userId = userIdOfPk(entry.pk);
  if (!userId) return null;
  if (entry.sk === countersEntity.key(userId).sk && typeof entry.stats_reset_cutoff === 'string') {
    return { kind: 'reset', userId, cutoff: entry.stats_reset_cutoff };
  }
  if (entry.sk === USER_SK && entry.retention_cleanup_enabled === true) {
    return { kind: 'retention', userId, percentage: entry.retention_cleanup_percentage ?? 0 };
  }
  return null;
}
