import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { isConditionFailed } from './dynamo-errors.js';
import type { StoredItem } from './item.js';

/**
 * `MIGRATION#<name>`/`MIGRATION`: the index-shards job (functions/jobs/index-shards.ts) moved every
 * item of a legacy single-partition index key to its sharded form. Until it says done, list reads
 * also read the legacy partition as one more stream (D190), so a deploy before the migration loses
 * nobody from a list.
 */
export const migrationMarkerEntity = {
  key: (name: string) => ({ pk: `MIGRATION#${name}`, sk: 'MIGRATION' }),
  item: (name: string, doneAt: string): StoredItem => ({
    ...migrationMarkerEntity.key(name),
    type: 'MIGRATION',
    done_at: doneAt,
  }),
};

/** The index migrations; one marker each. */
export type IndexMigration = 'users-shards' | 'files-shards' | 'tags-shards';

// Done is final: once seen, a container never asks again (the legacy stream costs nothing more).
const doneSeen = new Set<IndexMigration>();

/** Whether reads must still include the legacy partition: one GetItem until the marker is seen. */
export async function legacyIndexInUse(name: IndexMigration): Promise<boolean> {
  if (doneSeen.has(name)) return false;
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.appTable, Key: migrationMarkerEntity.key(name), ProjectionExpression: 'pk' }),
  );
  if (!Item) return true;
  doneSeen.add(name);
  return false;
}

export async function markIndexMigrated(name: IndexMigration, now = new Date()): Promise<void> {
  await dynamoDocument().send(
    new PutCommand({ TableName: config.appTable, Item: migrationMarkerEntity.item(name, now.toISOString()) }),
  );
}

/** Tests only: forget what this process has seen. */
export function forgetIndexMigrations(): void {
  doneSeen.clear();
}

/** One legacy index partition to empty: each of its items gets the index keys `rekey` gives. */
export interface LegacyPartition {
  index: 'gsi1' | 'gsi2';
  pk: string;
  rekey: (item: StoredItem) => Record<string, string>;
}

/**
 * Moves the items of the legacy partitions to their sharded keys, 100 at a time, until they are
 * empty (then writes the marker) or `deadline` passes. Reads only the legacy partitions (no Scan);
 * each update is conditioned on the item still carrying the legacy key, so a rerun, a concurrent
 * run or an item rewritten meanwhile by the new code is harmless: resumable and idempotent.
 */
export async function migrateLegacyPartitions(
  name: IndexMigration,
  partitions: LegacyPartition[],
  deadline: number,
): Promise<{ moved: number; done: boolean }> {
  let moved = 0;
  for (const { index, pk, rekey } of partitions) {
    for (;;) {
      if (Date.now() > deadline) return { moved, done: false };
      const { Items } = await dynamoDocument().send(
        new QueryCommand({
          TableName: config.appTable,
          IndexName: index,
          KeyConditionExpression: `${index}pk = :pk`,
          ExpressionAttributeValues: { ':pk': pk },
          Limit: 100,
        }),
      );
      if (!Items || Items.length === 0) break;
      for (const item of Items as StoredItem[]) {
        const keys = rekey(item);
        const names = Object.keys(keys);
        try {
          await dynamoDocument().send(
            new UpdateCommand({
              TableName: config.appTable,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: `SET ${names.map((_, i) => `#k${i} = :k${i}`).join(', ')}`,
              ConditionExpression: '#legacy = :legacy',
              ExpressionAttributeNames: {
                ...Object.fromEntries(names.map((n, i) => [`#k${i}`, n])),
                '#legacy': `${index}pk`,
              },
              ExpressionAttributeValues: {
                ...Object.fromEntries(names.map((n, i) => [`:k${i}`, keys[n]])),
                ':legacy': pk,
              },
            }),
          );
          moved++;
        } catch (error) {
          // Moved or rewritten meanwhile (another run, the new code): nothing left to do for it.
          if (!isConditionFailed(error)) throw error;
        }
      }
    }
  }
  await markIndexMigrated(name);
  return { moved, done: true };
}
