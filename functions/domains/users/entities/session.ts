import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** Ephemeral table: `SESSION#<sha256(sessionId)>`/`SESSION`, indexed by user (gsi1 `USER#<id>#SESSIONS`). */
const sessionSchema = /* @__PURE__ */ lazy(() =>
  z.object({ userId: z.string(), createdAt: z.number(), lastSeenAt: z.number(), expiresAt: z.number() }),
);
export type SessionRecord = z.infer<ReturnType<typeof sessionSchema>>;

export const sessionEntity = {
  key: (sessionKey: string) => ({ pk: `SESSION#${sessionKey}`, sk: 'SESSION' }),
  userIndex: (userId: string, sessionKey: string) => ({
    gsi1pk: sessionEntity.userPartition(userId),
    gsi1sk: sessionKey,
  }),
  userPartition: (userId: string) => `${userPk(userId)}#SESSIONS`,
  item: (sessionKey: string, session: SessionRecord): StoredItem => ({
    ...sessionEntity.key(sessionKey),
    ...sessionEntity.userIndex(session.userId, sessionKey),
    ...session,
  }),
  parse: /* @__PURE__ */ itemParser(sessionSchema),
};
