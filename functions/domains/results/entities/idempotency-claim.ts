import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';

/** Ephemeral table: `IDEMP#<userId>#<key>`/`IDEMP` {result_id, request_hash}, one per submit attempt (TTL 24 h). */
const claimSchema = /* @__PURE__ */ lazy(() =>
  z.object({ result_id: z.string(), request_hash: orDefault(z.string(), '') }),
);
export type IdempotencyClaim = z.infer<ReturnType<typeof claimSchema>>;

export const idempotencyClaimEntity = {
  key: (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' }),
  item: (userId: string, key: string, claim: IdempotencyClaim, expiresAt: number): StoredItem => ({
    ...idempotencyClaimEntity.key(userId, key),
    type: 'IDEMP',
    ...claim,
    expiresAt,
  }),
  parse: /* @__PURE__ */ itemParser(claimSchema),
};
