import { queryAll } from '../../runtime/data/paginate.js';
import { parseScheduledEntry, SCHEDULED_ENTRY_PROJECTION, type ScheduledEntry } from './entities/scheduled-entry.js';
import { scheduledPartitions } from './entities/scheduled-shards.js';

/**
 * The users the retention-cleanup job must visit: one Query per shard of the sparse gsi2
 * `SCHEDULED#0..15` (functions/domains/users/entities/scheduled-shards.ts), unfinished resets first
 * (a user who asked for a fresh start waits longest for it).
 */
export async function scheduledEntries(): Promise<ScheduledEntry[]> {
  const pages = await Promise.all(
    scheduledPartitions().map(async (partition) => {
      const items = await queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: 'retention_cleanup_enabled = :on OR attribute_exists(stats_reset_cutoff)',
        ProjectionExpression: SCHEDULED_ENTRY_PROJECTION,
        ExpressionAttributeValues: { ':pk': partition, ':on': true },
      });
      return items.map(parseScheduledEntry).filter((entry): entry is ScheduledEntry => entry !== null);
    }),
  );
  return pages.flat().sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'reset' ? -1 : 1));
}
