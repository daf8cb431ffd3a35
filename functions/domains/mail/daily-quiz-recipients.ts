import { queryPages } from '../../runtime/data/paginate.js';
import { scheduledPartition, SCHEDULED_SHARDS, USER_SK } from '../users/index.js';
import { userIdOfPk } from '../../runtime/data/key-parts.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';

const RECIPIENT_FILTER = 'sk = :user AND random_exam_email_enabled = :on AND email_verified = :on';

/**
 * The daily mail's recipients, page by page, without a Scan: one shard of the sparse gsi2
 * `SCHEDULED#<0..15>` (users with the daily mail or retention cleanup on), filtered to USER items
 * with `random_exam_email_enabled` and a verified address. Pages of ≤ `pageSize` entries keep the
 * coordinator's memory flat in the number of users.
 */
export async function* recipientPages(
  shard: number,
  options: { pageSize?: number; cursor?: Record<string, unknown> } = {},
): AsyncGenerator<{ userIds: string[]; cursor?: Record<string, unknown> }> {
  for await (const page of queryPages(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: RECIPIENT_FILTER,
      ProjectionExpression: 'pk',
      ExpressionAttributeValues: { ':pk': scheduledPartition(shard), ':user': USER_SK, ':on': true },
      Limit: options.pageSize ?? 200,
    },
    { startKey: options.cursor },
  )) {
    const userIds = page.items.map((item) => userIdOfPk(String(item.pk))).filter((id): id is string => !!id);
    yield { userIds, cursor: page.lastKey };
  }
}

/**
 * How many recipients the shard holds now (the daily mail's expected count, D336): the same Query
 * and filter as the walk, `Select: COUNT`, page by page (a page reads ≤ 1 MB).
 */
export async function recipientCount(shard: number): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: config.appTable,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: RECIPIENT_FILTER,
        ExpressionAttributeValues: { ':pk': scheduledPartition(shard), ':user': USER_SK, ':on': true },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

export const RECIPIENT_SHARDS = Array.from({ length: SCHEDULED_SHARDS }, (_, shard) => shard);
