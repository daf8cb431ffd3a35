import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tag } from '#shared/contracts/tags.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { queryBounded } from '../../runtime/data/paginate.js';
import { legacyIndexInUse, migrateLegacyPartitions } from '../../runtime/data/index-migration.js';
import { isConditionFailed, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { tagEntity, type TagRecord, type TagRef } from './entities/tag.js';
import { tagNameClaimEntity } from './entities/tag-name-claim.js';
import { newId } from '../../runtime/data/ids.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

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

/**
 * Every tag: the gsi1 shards (and the legacy `TAGS` partition until migrated, D190) in parallel, each
 * bounded to 5 pages of 1 MB (tens of thousands of tags); no cursor yet (docs/architecture.md §6 gap 4).
 */
export async function listAllTags(): Promise<TagRecord[]> {
  const legacy = await legacyIndexInUse('tags-shards');
  const partitions = [...tagEntity.listPartitions(), ...(legacy ? [tagEntity.legacyListPartition] : [])];
  const pages = await Promise.all(
    partitions.map((pk) =>
      queryBounded(
        { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk } },
        { want: Number.MAX_SAFE_INTEGER, maxPages: 5 },
      ),
    ),
  );
  return pages.flatMap((page) => page.items).map(tagEntity.parse);
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

/** usage_count moves with the exams (and later studies) that carry the tag; one UpdateItem per tag. */
export async function adjustUsage(tagIds: string[], delta: number): Promise<void> {
  await Promise.all(
    tagIds.map((id) =>
      db()
        .send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: tagEntity.key(id),
            UpdateExpression: 'ADD usage_count :d',
            ConditionExpression: ITEM_EXISTS,
            ExpressionAttributeValues: { ':d': delta },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailed(error)) throw error;
        }),
    ),
  );
}
