import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<userId>`/`EXAMSUM#<examId>`: the user's totals of one exam; gsi2 `EXAM#<examId>#TAKERS` / `<userId>`. */
const summarySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    exam_id: z.string(),
    exam_title: z.string(),
    total_questions: z.number(),
    result_count: z.number(),
    latest_result_id: z.string(),
    latest_score: z.number(),
    latest_total_score: z.number(),
    latest_correct_count: z.number(),
    last_completed_at: z.string(),
    correct_question_ids: z.optional(z.set(z.string())),
    /** D82: distinct questions answered, answers given and correct answers over every sitting (absent on older summaries). */
    attempted_question_ids: z.optional(z.set(z.string())),
    answer_count: z.optional(z.number()),
    correct_answer_count: z.optional(z.number()),
  }),
);
export type SummaryRecord = z.infer<ReturnType<typeof summarySchema>>;
const SK_PREFIX = 'EXAMSUM#';

export const examSummaryEntity = {
  key: (userId: string, examId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${examId}` }),
  skPrefix: SK_PREFIX,
  /** gsi2: who has taken an exam (for a later "delete everybody's results of this exam"). */
  takersIndex: (examId: string, userId: string) => ({ gsi2pk: `EXAM#${examId}#TAKERS`, gsi2sk: userId }),
  /** The user id of a takers-index entry read with `ProjectionExpression: 'gsi2sk'`. */
  takerOf: (item: StoredItem): string => String(item.gsi2sk),
  type: 'EXAMSUM',
  parse: /* @__PURE__ */ itemParser(summarySchema),
};
