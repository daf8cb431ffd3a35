import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';

/**
 * Ephemeral table: `SHORT#<code>`/`SHORT` {url, createdBy, createdAt, expiresAt}. TTL
 * (`expiresAt`, epoch seconds) cleans up eventually; readers check `expiresAt` themselves.
 */
const shortLinkSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    code: z.string(),
    url: z.string(),
    createdBy: z.nullable(z.string()),
    createdAt: z.number(),
    expiresAt: z.number(),
  }),
);
export type ShortLink = z.infer<ReturnType<typeof shortLinkSchema>>;

export const shortLinkEntity = {
  key: (code: string) => ({ pk: `SHORT#${code}`, sk: 'SHORT' }),
  item: (link: ShortLink): StoredItem => ({ ...shortLinkEntity.key(link.code), type: 'SHORT', ...link }),
  parse: /* @__PURE__ */ itemParser(shortLinkSchema),
};
