import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';

/** Ephemeral table: `SHORTURL#<sha256 hex of the path>`/`SHORTURL` {code, expiresAt}: the same URL keeps the same live code. */
const claimSchema = /* @__PURE__ */ lazy(() => z.object({ code: z.string(), expiresAt: z.number() }));

export const shortLinkClaimEntity = {
  key: (url: string) => ({ pk: `SHORTURL#${createHash('sha256').update(url).digest('hex')}`, sk: 'SHORTURL' }),
  item: (url: string, code: string, expiresAt: number): StoredItem => ({
    ...shortLinkClaimEntity.key(url),
    type: 'SHORTURL',
    code,
    expiresAt,
  }),
  parse: /* @__PURE__ */ itemParser(claimSchema),
};
