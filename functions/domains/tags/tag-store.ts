import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tag } from '#shared/contracts/tags.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { queryBounded } from '../../runtime/data/paginate.js';
import { legacyIndexInUse, migrateLegacyPartitions } from '../../runtime/data/index-migration.js';
import { isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { readMergedStreams, type Stream } from '../../runtime/data/merged-streams.js';
import { tagEntity, tagUsageEntity, type TagRecord, type TagRef } from './entities/tag.js';
import { tagNameClaimEntity } from './entities/tag-name-claim.js';
import { newId } from '../../runtime/data/ids.js';
import { db, ITEM_ABSENT } from '../../runtime/data/db.js';

export type { TagRecord, TagRef };

export function tagView(tag: TagRecord | TagRef, language: Language, usage?: number): Tag {
  return {
    id: tag.id,
    name_ko: tag.name_ko,
    name_en: tag.name_en,
    localized_name: pickLocalized(tag, 'name', language),
    usage_count: usage ?? Math.max(0, 'usage_count' in tag ? tag.usage_count : 0),
  };
}

async function tagListStreams(prefix: string): Promise<Stream[]> {
  const legacy = await legacyIndexInUse('tags-shards');
  const key = prefix ? { sortKeyPrefix: prefix } : {};
  return [
    ...tagEntity.listPartitions().map((pk) => ({ index: 'gsi1' as const, pk, ...key })),
    { index: 'gsi1' as const, pk: tagEntity.legacyListPartition, ...key, skip: !legacy },
  ];
}

/**
 * One page of tags in Korean-name-key order (D248): the gsi1 shards and the legacy `TAGS` partition
 * until migrated (D190) merged with one cursor; `search` is a name-key prefix (a key condition). A page
 * costs the marker GetItem and at most two Query pages per stream, whatever the number of tags.
 */
export async function listTagsPage(page: {
  cursor?: string;
  pageSize: number;
  search?: string;
}): Promise<{ tags: TagRecord[]; next: string | null }> {
  const { items, next } = await readMergedStreams(await tagListStreams(page.search ? nameKey(page.search) : ''), {
    cursor: page.cursor,
    pageSize: page.pageSize,
    ascending: true,
    maxPagesPerStream: 2,
  });
  return { tags: items.map(tagEntity.parse), next };
}

/**
 * Every tag (the studies list, which has no cursor): the shards read in parallel, each bounded to
 * 5 pages of 1 MB (tens of thousands of tags).
 */
export async function listAllTags(): Promise<TagRecord[]> {
  const streams = (await tagListStreams('')).filter((stream) => !stream.skip);
  const pages = await Promise.all(
    streams.map(({ pk }) =>
      queryBounded(
        { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk } },
        { want: Number.MAX_SAFE_INTEGER, maxPages: 5 },
      ),
    ),
  );
  return pages.flatMap((page) => page.items).map(tagEntity.parse);
}

/**
 * Each tag's usage count: the `usage_count` older code left on the TAG item plus its `TAGUSE` delta
 * (D249), one BatchGetItem (chunked by 100) for the page.
 */
export async function usageCounts(tags: TagRecord[]): Promise<Map<string, number>> {
  const deltas = new Map<string, number>();
  if (tags.length > 0) {
    for (const item of await batchGetAll(tags.map((tag) => tagUsageEntity.key(tag.id)))) {
      const usage = tagUsageEntity.parse(item);
      deltas.set(usage.tag_id, usage.usage_delta);
    }
  }
  return new Map(tags.map((tag) => [tag.id, Math.max(0, tag.usage_count + (deltas.get(tag.id) ?? 0))]));
}

/** The index-shards job's part for tags: the legacy `TAGS` partition to the shards (D190). */
export function migrateTagListShards(deadline: number): Promise<{ moved: number; done: boolean }> {
  return migrateLegacyPartitions(
    'tags-shards',
    [
      {
        index: 'gsi1',
        pk: tagEntity.legacyListPartition,
        // The sort key stays (`<name key>#<id>`); only the partition moves.
        rekey: (item) => ({ gsi1pk: tagEntity.listIndex('', String(item.id)).gsi1pk }),
      },
    ],
    deadline,
  );
}

export async function getTags(ids: string[]): Promise<TagRecord[]> {
  if (ids.length === 0) return [];
  return (await batchGetAll(ids.map((id) => tagEntity.key(id)))).map(tagEntity.parse);
}

/**
 * Creates a tag unless one of its names is taken (case-insensitive, in either language), in
 * which case the existing tag is returned. One transaction, or a GetItem pair when taken.
 */
export async function createOrFindTag(
  nameKo: string,
  nameEn: string,
  userId: string,
): Promise<{ tag: TagRecord; created: boolean }> {
  const keys = [...new Set([nameKey(nameKo), nameKey(nameEn)])];
  const tag: TagRecord = {
    id: newId(),
    name_ko: nameKo,
    name_en: nameEn,
    usage_count: 0,
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: { TableName: config.appTable, Item: tagEntity.item(tag, keys[0]!), ConditionExpression: ITEM_ABSENT },
          },
          ...keys.map((k) => ({
            Put: {
              TableName: config.appTable,
              Item: tagNameClaimEntity.item(k, tag.id),
              ConditionExpression: ITEM_ABSENT,
            },
          })),
        ],
      }),
    );
    return { tag, created: true };
  } catch (error) {
    if (!isTransactionCanceled(error)) throw error;
  }
  for (const k of keys) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.appTable, Key: tagNameClaimEntity.key(k), ConsistentRead: true }),
    );
    if (!Item) continue;
    const { Item: existing } = await db().send(
      new GetCommand({ TableName: config.appTable, Key: tagEntity.key(tagNameClaimEntity.parse(Item).tag_id) }),
    );
    if (existing) return { tag: tagEntity.parse(existing), created: false };
  }
  throw new Error('tag name taken but no tag found');
}

/** The id of the tag one of whose names (either language) has this name key, or null. One GetItem. */
export async function findTagIdByName(name: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: tagNameClaimEntity.key(nameKey(name)) }),
  );
  return Item ? tagNameClaimEntity.parse(Item).tag_id : null;
}

/**
 * usage_count moves with the exams and studies that carry the tag: one UpdateItem per tag of its
 * unindexed `TAGUSE` counter (D249), so no list shard is written. Not in the writer's transaction
 * (docs/architecture.md §6 gap 8). A counter left by a tag never created is never read.
 */
export async function adjustUsage(tagIds: string[], delta: number): Promise<void> {
  await Promise.all(
    tagIds.map((id) =>
      db().send(
        new UpdateCommand({
          TableName: config.appTable,
          Key: tagUsageEntity.key(id),
          UpdateExpression: 'ADD usage_delta :d SET tag_id = :id',
          ExpressionAttributeValues: { ':d': delta, ':id': id },
        }),
      ),
    ),
  );
}
