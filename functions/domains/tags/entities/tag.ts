import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';

/** `TAG#<id>`/`TAG`, listed in gsi1 `TAGS` / `<nameKey(name_ko)>#<id>`. */
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

const LIST_PARTITION = 'TAGS';

export const tagEntity = {
  key: (tagId: string) => ({ pk: `TAG#${tagId}`, sk: 'TAG' }),
  listIndex: (nameKey: string, tagId: string) => ({ gsi1pk: LIST_PARTITION, gsi1sk: `${nameKey}#${tagId}` }),
  listPartition: LIST_PARTITION,
  item: (tag: TagRecord, nameKey: string): StoredItem => ({
    ...tagEntity.key(tag.id),
    ...tagEntity.listIndex(nameKey, tag.id),
    type: 'TAG',
    ...tag,
  }),
  parse: /* @__PURE__ */ itemParser(tagSchema),
};
