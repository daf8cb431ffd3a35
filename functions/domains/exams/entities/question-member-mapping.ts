import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';

/**
 * `EXAM#<examId>`/`QMAP#<questionId>`: the study member a question of the exam is assigned to
 * (docs/product.md#exam-detail question-member mapping; docs/architecture.md E24). One per question: a new mapping
 * of the question replaces the old. Outside the exam read's `EXAM`…`Q#~` range.
 */
const mappingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    study_id: z.string(),
    member_id: z.string(),
    member_name: z.string(),
    user_username: orDefault(z.nullable(z.string()), null),
    created_at: orDefault(z.string(), ''),
  }),
);
export type QuestionMemberMappingRecord = z.infer<ReturnType<typeof mappingSchema>>;
const SK_PREFIX = 'QMAP#';

export const questionMemberMappingEntity = {
  key: (examId: string, questionId: string) => ({ pk: `EXAM#${examId}`, sk: `${SK_PREFIX}${questionId}` }),
  skPrefix: SK_PREFIX,
  item: (examId: string, mapping: QuestionMemberMappingRecord): StoredItem => ({
    ...questionMemberMappingEntity.key(examId, mapping.question_id),
    type: 'QUESTION_MEMBER_MAPPING',
    exam_id: examId,
    ...mapping,
  }),
  parse: /* @__PURE__ */ itemParser(mappingSchema),
};
