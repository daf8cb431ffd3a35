/**
 * The sparse gsi2 `SCHEDULED#<h(userId) mod 16>` / `<userId>` (docs/architecture.md §2.2, §5):
 * the users a scheduled job must visit, found with 16 Queries instead of a Scan.
 *
 * * The USER item carries it while the user has a scheduled feature on — retention cleanup
 *   (`retention_cleanup_enabled`) or the daily quiz email (`random_exam_email_enabled`); the jobs
 *   Query every shard and filter on their own flag. `functions/lib/accounts/user-repository.ts`
 *   sets and removes it wherever those flags change.
 * * The COUNTERS item carries `SCHEDULED#<s>` / `<userId>#RESET` while a statistics reset is
 *   unfinished (`stats_reset_cutoff`), so the retention-cleanup job finishes it.
 */
export const SCHEDULED_SHARDS = 16;

/** FNV-1a of the user id, mod 16: stable, so a user keeps their shard. */
export function scheduledShardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SCHEDULED_SHARDS;
}

export const scheduledPartition = (shard: number) => `SCHEDULED#${shard}`;

export function scheduledPartitions(): string[] {
  return Array.from({ length: SCHEDULED_SHARDS }, (_, shard) => scheduledPartition(shard));
}

/** gsi2 keys of a USER item with a scheduled feature on. */
export const scheduledUserKeys = (userId: string) => ({ gsi2pk: scheduledPartition(scheduledShardOf(userId)), gsi2sk: userId });

/** gsi2 keys of a COUNTERS item with an unfinished statistics reset. */
export const pendingResetKeys = (userId: string) => ({ gsi2pk: scheduledPartition(scheduledShardOf(userId)), gsi2sk: `${userId}#RESET` });

/** Whether a user (USER item fields) belongs in the SCHEDULED shards. */
export function wantsScheduling(user: { retention_cleanup_enabled?: boolean; random_exam_email_enabled?: boolean }): boolean {
  return !!user.retention_cleanup_enabled || !!user.random_exam_email_enabled;
}
