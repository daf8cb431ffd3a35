import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<id>`/`IGNORED#<questionId>` {question_id, ignored_at}. */
const ignoredSchema = /* @__PURE__ */ lazy(() =>
  z.object({ question_id: z.string(), ignored_at: orDefault(z.string(), '') }),
);
export type IgnoredRecord = z.infer<ReturnType<typeof ignoredSchema>>;
const SK_PREFIX = 'IGNORED#';

export const ignoredEntity = {
  key: (userId: string, questionId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${questionId}` }),
  skPrefix: SK_PREFIX,
  /** Prefix property (docs/architecture.md §2.1): the ignored among one file's questions. */
  fileSkPrefix: (fileId: string) => `${SK_PREFIX}${fileId}-`,
  item: (userId: string, questionId: string, ignoredAt: string): StoredItem => ({
    ...ignoredEntity.key(userId, questionId),
    type: 'IGNORED',
    question_id: questionId,
    ignored_at: ignoredAt,
  }),
  /** Reads may project `question_id` alone. */
  parse: /* @__PURE__ */ itemParser(ignoredSchema),
};
