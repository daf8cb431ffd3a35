import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<userId>`/`SUB#<examId>`, indexed by exam (gsi1 `EXAM#<examId>#SUBS`) for the exam's deletion. */
const subscriptionSchema = /* @__PURE__ */ lazy(() => z.object({ exam_id: z.string() }));
const SK_PREFIX = 'SUB#';

export const subscriptionEntity = {
  key: (userId: string, examId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${examId}` }),
  skPrefix: SK_PREFIX,
  examIndex: (examId: string, userId: string) => ({ gsi1pk: `EXAM#${examId}#SUBS`, gsi1sk: userId }),
  subscribersPartition: (examId: string) => `EXAM#${examId}#SUBS`,
  item: (userId: string, examId: string, subscribedAt: string): StoredItem => ({
    ...subscriptionEntity.key(userId, examId),
    ...subscriptionEntity.examIndex(examId, userId),
    type: 'SUBSCRIPTION',
    exam_id: examId,
    user_id: userId,
    subscribed_at: subscribedAt,
  }),
  /** Reads may project `exam_id` alone. */
  parse: /* @__PURE__ */ itemParser(subscriptionSchema),
};
