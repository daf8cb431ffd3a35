import * as z from 'zod/mini';
import { lazy, itemParser, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<uid>`/`PRACTICE#<ulid>`: one random practice run (L21), in the user's partition (export, withdrawal). */
const practiceResultSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study_id: z.string(),
    correct_count: z.number(),
    total_questions: z.number(),
    elapsed_seconds: z.number(),
    created_at: z.string(),
  }),
);
export type PracticeResultRecord = z.infer<ReturnType<typeof practiceResultSchema>>;
const SK_PREFIX = 'PRACTICE#';

export const practiceResultEntity = {
  key: (userId: string, id: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${id}` }),
  skPrefix: SK_PREFIX,
  item: (userId: string, record: PracticeResultRecord): StoredItem => ({
    ...withoutKeys(record),
    ...practiceResultEntity.key(userId, record.id),
    type: 'PRACTICE',
  }),
  parse: /* @__PURE__ */ itemParser(practiceResultSchema),
};
