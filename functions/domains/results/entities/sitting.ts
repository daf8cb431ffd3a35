import * as z from 'zod/mini';
import { sittingStateSchema } from '#shared/contracts/sittings.js';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * Ephemeral table: `USER#<userId>#SITTING`/`EXAM#<examId>`: the sitting in progress of one exam
 * (resume anywhere), written only at the version it was read at; gone 30 days after its
 * last write (TTL `expiresAt`), or when it is finished.
 */
const sittingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    exam_id: z.string(),
    version: z.number(),
    updated_at: z.string(),
    state: sittingStateSchema(),
    expiresAt: z.number(),
  }),
);
export type SittingRecord = z.infer<ReturnType<typeof sittingSchema>>;

/** Days an untouched sitting is kept. */
export const SITTING_TTL_SECONDS = 30 * 24 * 3600;

export const sittingEntity = {
  /** The partition of one user's sittings (ephemeral table): export and withdrawal read it whole. */
  partition: (userId: string) => `${userPk(userId)}#SITTING`,
  key: (userId: string, examId: string) => ({ pk: sittingEntity.partition(userId), sk: `EXAM#${examId}` }),
  item: (userId: string, record: SittingRecord): StoredItem => ({
    ...sittingEntity.key(userId, record.exam_id),
    ...record,
    type: 'SITTING',
  }),
  parse: /* @__PURE__ */ itemParser(sittingSchema),
};
