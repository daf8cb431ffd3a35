import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * Ephemeral table: a single-use email verification token, stored by the SHA-256 of the token
 * (`EMAILTOKEN#<hash>`/`EMAILTOKEN`); gsi1 `USER#<id>#EMAILTOKENS` lets withdrawal find (and
 * delete) a user's pending tokens, which hold their address.
 */
const emailTokenSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    userId: orDefault(z.string(), ''),
    email: orDefault(z.string(), ''),
    createdAt: z.optional(z.number()),
    expiresAt: z.optional(z.number()),
  }),
);
export type EmailTokenRecord = z.infer<ReturnType<typeof emailTokenSchema>>;

export const emailTokenEntity = {
  key: (tokenHash: string) => ({ pk: `EMAILTOKEN#${tokenHash}`, sk: 'EMAILTOKEN' }),
  userIndex: (userId: string, tokenHash: string) => ({
    gsi1pk: emailTokenEntity.userPartition(userId),
    gsi1sk: tokenHash,
  }),
  userPartition: (userId: string) => `${userPk(userId)}#EMAILTOKENS`,
  item: (tokenHash: string, token: Required<EmailTokenRecord>): StoredItem => ({
    ...emailTokenEntity.key(tokenHash),
    ...emailTokenEntity.userIndex(token.userId, tokenHash),
    ...token,
  }),
  parse: /* @__PURE__ */ itemParser(emailTokenSchema),
};
