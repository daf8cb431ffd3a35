import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<ownerId>`/`FILENAME#<nameKey>` {file_id, name}: one name → one file per owner, strongly consistent. */
const fileNameClaimSchema = /* @__PURE__ */ lazy(() => z.object({ file_id: z.string(), name: z.optional(z.string()) }));

export const fileNameClaimEntity = {
  key: (ownerId: string, nameKey: string) => ({ pk: userPk(ownerId), sk: `FILENAME#${nameKey}` }),
  item: (ownerId: string, nameKey: string, fileId: string, name: string): StoredItem => ({
    ...fileNameClaimEntity.key(ownerId, nameKey),
    type: 'FILENAME',
    file_id: fileId,
    name,
  }),
  parse: /* @__PURE__ */ itemParser(fileNameClaimSchema),
};
