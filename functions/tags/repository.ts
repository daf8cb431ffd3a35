import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tag } from '../../shared/contracts/tags.js';
import { pickLocalized, type Language } from '../../shared/domain/language.js';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { batchGetAll, queryBounded } from '../lib/data/batch-ops.js';
import { examKeys, nameKey, newId } from '../lib/data/exam-keys.js';

export interface TagRecord {
  id: string;
  name_ko: string;
  name_en: string;
  usage_count: number;
  created_by?: string;
  created_at?: string;
}

/** What an exam keeps of each of its tags (names denormalised: tags are never renamed). */
export interface TagRef {
  id: string;
  name_ko: string;
  name_en: string;
}

export function tagView(tag: TagRecord | TagRef, language: Language, usage?: number): Tag {
  return {
    id: tag.id,
    name_ko: tag.name_ko,
    name_en: tag.name_en,
    localized_name: pickLocalized(tag as unknown as Record<string, unknown>, 'name', language),
    usage_count: usage ?? Math.max(0, Number((tag as TagRecord).usage_count ?? 0)),
  };
}

/** Every tag, one Query of gsi1 `TAGS` (bounded: 5 pages of 1 MB, tens of thousands of tags). */
export async function listAllTags(): Promise<TagRecord[]> {
  const { items } = await queryBounded(
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'TAGS' } },
    { want: Number.MAX_SAFE_INTEGER, maxPages: 5 },
  );
  return items as unknown as TagRecord[];
}

export async function getTags(ids: string[]): Promise<TagRecord[]> {
  if (ids.length === 0) return [];
  return (await batchGetAll(ids.map((id) => examKeys.tag(id)))) as unknown as TagRecord[];
}

/**
 * Creates a tag unless one of its names is taken (case-insensitive, in either language), in
 * which case the existing tag is returned. One transaction, or a GetItem pair when taken.
 */
export async function createOrFindTag(nameKo: string, nameEn: string, userId: string): Promise<{ tag: TagRecord; created: boolean }> {
  const keys = [...new Set([nameKey(nameKo), nameKey(nameEn)])];
  const tag: TagRecord = { id: newId(), name_ko: nameKo, name_en: nameEn, usage_count: 0, created_by: userId, created_at: new Date().toISOString() };
  try {
    await dynamoDocument().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: config.appTable, Item: { ...examKeys.tag(tag.id), ...examKeys.allTags(keys[0]!, tag.id), type: 'TAG', ...tag }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...keys.map((k) => ({
            Put: { TableName: config.appTable, Item: { ...examKeys.tagName(k), type: 'TAGNAME', tag_id: tag.id }, ConditionExpression: 'attribute_not_exists(pk)' },
          })),
        ],
      }),
    );
    return { tag, created: true };
  } catch (error) {
    if ((error as { name?: string }).name !== 'TransactionCanceledException') throw error;
  }
  for (const k of keys) {
    const { Item } = await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: examKeys.tagName(k), ConsistentRead: true }));
    if (!Item) continue;
    const { Item: existing } = await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: examKeys.tag(String(Item.tag_id)) }));
    if (existing) return { tag: existing as TagRecord, created: false };
  }
  throw new Error('tag name taken but no tag found');
}

/** The id of the tag one of whose names (either language) has this name key, or null. One GetItem. */
export async function findTagIdByName(name: string): Promise<string | null> {
  const { Item } = await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: examKeys.tagName(nameKey(name)) }));
  return Item ? String(Item.tag_id) : null;
}

/** usage_count moves with the exams (and later studies) that carry the tag; one UpdateItem per tag. */
export async function adjustUsage(tagIds: string[], delta: number): Promise<void> {
  await Promise.all(
    tagIds.map((id) =>
      dynamoDocument()
        .send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: examKeys.tag(id),
            UpdateExpression: 'ADD usage_count :d',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':d': delta },
          }),
        )
        .catch((error: { name?: string }) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        }),
    ),
  );
}
