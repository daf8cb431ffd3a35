import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<id>`/`SINGLE#<questionId>` {exam_id}: the caller's single-question exam of that question. */
const pointerSchema = /* @__PURE__ */ lazy(() => z.object({ exam_id: z.string() }));

export const singleQuestionPointerEntity = {
  key: (userId: string, questionId: string) => ({ pk: userPk(userId), sk: `SINGLE#${questionId}` }),
  item: (userId: string, questionId: string, examId: string, createdAt: string): StoredItem => ({
    ...singleQuestionPointerEntity.key(userId, questionId),
    type: 'SINGLE_EXAM',
    question_id: questionId,
    exam_id: examId,
    created_at: createdAt,
  }),
  parse: /* @__PURE__ */ itemParser(pointerSchema),
};
