import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';

/** `TAGNAME#<nameKey>`/`TAGNAME` {tag_id}: one tag per name, in either language. */
const tagNameClaimSchema = /* @__PURE__ */ lazy(() => z.object({ tag_id: z.string() }));

export const tagNameClaimEntity = {
  key: (nameKey: string) => ({ pk: `TAGNAME#${nameKey}`, sk: 'TAGNAME' }),
  item: (nameKey: string, tagId: string): StoredItem => ({
    ...tagNameClaimEntity.key(nameKey),
    type: 'TAGNAME',
    tag_id: tagId,
  }),
  parse: /* @__PURE__ */ itemParser(tagNameClaimSchema),
};
