import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<id>`/`QSTAT#<questionId>`: the user's statistic of one question (+ FSRS card), with the
 * sparse gsi1 `USER#<id>#DUE` / `<due ISO>#<questionId>` while the card is in review or
 * relearning. The record of a write is built by functions/domains/learning/question-stat.ts.
 */
const SK_PREFIX = 'QSTAT#';

/** What readers use: the counts (reads may project only these). */
const questionStatSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    total_attempts: orDefault(z.number(), 0),
    correct_attempts: orDefault(z.number(), 0),
  }),
);
export type QuestionStat = z.infer<ReturnType<typeof questionStatSchema>>;

export const questionStatEntity = {
  key: (userId: string, questionId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${questionId}` }),
  skPrefix: SK_PREFIX,
  /** Prefix property (docs/architecture.md §2.1): the statistics of every question of one file. */
  fileSkPrefix: (fileId: string) => `${SK_PREFIX}${fileId}-`,
  dueIndex: (userId: string, dueIso: string, questionId: string) => ({
    gsi1pk: `${userPk(userId)}#DUE`,
    gsi1sk: `${dueIso}#${questionId}`,
  }),
  /** Sparse gsi2 `USER#<id>#LEECH` / `<failures, 6 digits>#<questionId>` once the question is a leech (most failed last). */
  leechIndex: (userId: string, failures: number, questionId: string) => ({
    gsi2pk: `${userPk(userId)}#LEECH`,
    gsi2sk: `${String(Math.min(failures, 999_999)).padStart(6, '0')}#${questionId}`,
  }),
  type: 'QSTAT',
  parse: /* @__PURE__ */ itemParser(questionStatSchema),
};
