import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { parseScheduledEntry, scheduledPartitions, SCHEDULED_ENTRY_PROJECTION, type ScheduledEntry } from '../data/entities/index.js';

/**
 * The users the retention-cleanup job must visit: one Query per shard of the sparse gsi2
 * `SCHEDULED#0..15` (functions/lib/data/entities/scheduled-shards.ts), unfinished resets first
 * (a user who asked for a fresh start waits longest for it).
 */
export async function scheduledEntries(): Promise<ScheduledEntry[]> {
  const pages = await Promise.all(
    scheduledPartitions().map(async (partition) => {
      const entries: ScheduledEntry[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const answer = await dynamoDocument().send(
          new QueryCommand({
            TableName: config.appTable,
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            FilterExpression: 'retention_cleanup_enabled = :on OR attribute_exists(stats_reset_cutoff)',
            ProjectionExpression: SCHEDULED_ENTRY_PROJECTION,
            ExpressionAttributeValues: { ':pk': partition, ':on': true },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of answer.Items ?? []) {
          const entry = parseScheduledEntry(item);
          if (entry) entries.push(entry);
        }
        startKey = answer.LastEvaluatedKey;
      } while (startKey);
      return entries;
    }),
  );
  return pages.flat().sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'reset' ? -1 : 1));
}
