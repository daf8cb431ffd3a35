import { queryPages } from '../../runtime/data/paginate.js';
import { scheduledPartition, SCHEDULED_SHARDS, USER_SK } from '../users/index.js';
import { userIdOfPk } from '../../runtime/data/key-parts.js';

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
      FilterExpression: 'sk = :user AND random_exam_email_enabled = :on AND email_verified = :on',
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

export const RECIPIENT_SHARDS = Array.from({ length: SCHEDULED_SHARDS }, (_, shard) => shard);
