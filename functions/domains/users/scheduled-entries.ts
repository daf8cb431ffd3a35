import { queryPages } from '../../runtime/data/paginate.js';
import { parseScheduledEntry, SCHEDULED_ENTRY_PROJECTION, type ScheduledEntry } from './entities/scheduled-entry.js';
import { scheduledPartition } from './entities/scheduled-shards.js';

const CLEANUP_FILTER = 'retention_cleanup_enabled = :on OR attribute_exists(stats_reset_cutoff)';

/**
 * One shard's entries for retention cleanup, page by page from `startKey` (docs/decisions/jobs.md
 * D335): the job stores each page's `lastKey` as its cursor, so memory stays one page whatever the
 * number of users and a stopped walk goes on from there.
 */
export async function* scheduledEntryPages(
  shard: number,
  options: { startKey?: Record<string, unknown>; pageSize?: number } = {},
): AsyncGenerator<{ entries: ScheduledEntry[]; lastKey?: Record<string, unknown> }> {
  for await (const page of queryPages(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: CLEANUP_FILTER,
      ProjectionExpression: SCHEDULED_ENTRY_PROJECTION,
      ExpressionAttributeValues: { ':pk': scheduledPartition(shard), ':on': true },
      Limit: options.pageSize ?? 100,
    },
    { startKey: options.startKey },
  )) {
    const entries = page.items.map(parseScheduledEntry).filter((entry): entry is ScheduledEntry => entry !== null);
    yield { entries, lastKey: page.lastKey };
  }
}
