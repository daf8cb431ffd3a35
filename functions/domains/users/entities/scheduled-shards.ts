import { shardOf } from '../../../runtime/data/key-parts.js';

/**
 * The sparse gsi2 `SCHEDULED#<h(userId) mod 16>` (docs/architecture.md §2.2, §5): the users a
 * scheduled job must visit, found with 16 Queries instead of a Scan.
 *
 * * The USER item carries `<shard>` / `<userId>` while the user has a scheduled feature on —
 *   retention cleanup (`retention_cleanup_enabled`) or the daily quiz email
 *   (`random_exam_email_enabled`); the jobs Query every shard and filter on their own flag.
 *   `functions/domains/users/user-store.ts` sets and removes it wherever those flags change.
 * * The COUNTERS item carries `<shard>` / `<userId>#RESET` while a statistics reset is
 *   unfinished (`stats_reset_cutoff`), so the retention-cleanup job finishes it.
 */
export const SCHEDULED_SHARDS = 16;

/** FNV-1a of the user id, mod 16: stable, so a user keeps their shard. */
export const scheduledShardOf = (userId: string) => shardOf(userId, SCHEDULED_SHARDS);

export const scheduledPartition = (shard: number) => `SCHEDULED#${shard}`;

export function scheduledPartitions(): string[] {
  return Array.from({ length: SCHEDULED_SHARDS }, (_, shard) => scheduledPartition(shard));
}

/** The suffix of a pending-reset entry's sort key, `<userId>#RESET`. */
export const PENDING_RESET_SUFFIX = '#RESET';
