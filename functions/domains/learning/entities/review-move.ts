import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `REVMOVE#<operationId>` in the user's partition: the claim of one postpone or advance (the
 * client's id, so a retried request moves its cards once) and what it answered. Expires after 30
 * days, as a grade's claim does.
 */
const PREFIX = 'REVMOVE#';
const TTL_SECONDS = 30 * 86_400;

const moveSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    operation_id: z.string(),
    direction: z.enum(['postpone', 'advance']),
    day: z.string(),
    moved: z.array(z.object({ question_id: z.string(), from: z.string(), to: z.string() })),
  }),
);
export type ReviewMoveRecord = z.infer<ReturnType<typeof moveSchema>>;

export const reviewMoveEntity = {
  key: (userId: string, operationId: string) => ({ pk: userPk(userId), sk: `${PREFIX}${operationId}` }),
  skPrefix: PREFIX,
  item: (userId: string, record: ReviewMoveRecord, now: Date): StoredItem => ({
    ...reviewMoveEntity.key(userId, record.operation_id),
    type: 'REVMOVE',
    ...record,
    expiresAt: Math.floor(now.getTime() / 1000) + TTL_SECONDS,
  }),
  parse: /* @__PURE__ */ itemParser(moveSchema),
};
