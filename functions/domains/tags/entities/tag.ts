import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { shardOf } from '../../../runtime/data/key-parts.js';

/** `TAG#<id>`/`TAG`, listed in gsi1 `TAGS#<0..3>` / `<nameKey(name_ko)>#<id>` (D192). */
const tagSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name_ko: z.string(),
    name_en: z.string(),
    usage_count: orDefault(z.number(), 0),
    created_by: z.optional(z.string()),
    created_at: z.optional(z.string()),
  }),
);
export type TagRecord = z.infer<ReturnType<typeof tagSchema>>;

/** What an exam keeps of each of its tags (names denormalised: tags are never renamed). */
export const tagRefSchema = /* @__PURE__ */ lazy(() =>
  z.object({ id: z.string(), name_ko: z.string(), name_en: z.string() }),
);
export type TagRef = z.infer<ReturnType<typeof tagRefSchema>>;

/**
 * Shards of the tag list (D192): every `usage_count` change is a write of the TAG item, so of its
 * gsi1 partition; a stable hash of the tag id spreads those writes. Items written before carry the
 * legacy `TAGS` key until the index-shards job moves them (D190).
 */
export const TAG_LIST_SHARDS = 4;
const LEGACY_LIST_PARTITION = 'TAGS';
const tagsShard = (shard: number) => `TAGS#${shard}`;

export const tagEntity = {
  key: (tagId: string) => ({ pk: `TAG#${tagId}`, sk: 'TAG' }),
  listIndex: (nameKey: string, tagId: string) => ({
    gsi1pk: tagsShard(shardOf(tagId, TAG_LIST_SHARDS)),
    gsi1sk: `${nameKey}#${tagId}`,
  }),
  listPartitions: () => Array.from({ length: TAG_LIST_SHARDS }, (_, shard) => tagsShard(shard)),
  legacyListPartition: LEGACY_LIST_PARTITION,
  item: (tag: TagRecord, nameKey: string): StoredItem => ({
    ...tagEntity.key(tag.id),
    ...tagEntity.listIndex(nameKey, tag.id),
    type: 'TAG',
    ...tag,
  }),
  parse: /* @__PURE__ */ itemParser(tagSchema),
};

const tagUsageSchema = /* @__PURE__ */ lazy(() =>
  z.object({ tag_id: z.string(), usage_delta: orDefault(z.number(), 0) }),
);

/**
 * `TAGUSE#<id>`/`TAGUSE`, unindexed (D249): the change of a tag's usage since counts left the TAG
 * item. The count a reader shows is the TAG item's frozen `usage_count` (older data) plus this delta.
 */
export const tagUsageEntity = {
  key: (tagId: string) => ({ pk: `TAGUSE#${tagId}`, sk: 'TAGUSE' }),
  parse: /* @__PURE__ */ itemParser(tagUsageSchema),
};
