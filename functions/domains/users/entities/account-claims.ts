import * as z from 'zod/mini';
import { normalizeLogin } from '#shared/domain/accounts.js';
import { lazy, type StoredItem } from '../../../runtime/data/item.js';

/**
 * `USERNAME#<lower>`/`USERNAME` and `EMAIL#<lower>`/`EMAIL` ({userId}): written in the same
 * transaction as the user, each with attribute_not_exists, so two accounts never share a
 * username or an email whatever the timing.
 */
const claimSchema = /* @__PURE__ */ lazy(() => z.object({ pk: z.string(), userId: z.string() }));

function claimEntity(prefix: 'USERNAME' | 'EMAIL') {
  return {
    key: (value: string) => ({ pk: `${prefix}#${normalizeLogin(value)}`, sk: prefix }),
    item: (value: string, userId: string): StoredItem => ({
      pk: `${prefix}#${normalizeLogin(value)}`,
      sk: prefix,
      userId,
    }),
    /** The claimed value (lower case) and its owner. */
    parse(item: StoredItem): { value: string; userId: string } {
      const claim = claimSchema().parse(item);
      return { value: claim.pk.slice(prefix.length + 1), userId: claim.userId };
    },
  };
}

export const usernameClaimEntity = /* @__PURE__ */ claimEntity('USERNAME');
export const emailClaimEntity = /* @__PURE__ */ claimEntity('EMAIL');
