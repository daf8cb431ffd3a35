import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<id>`/`QSTAT#<questionId>`: the user's statistic of one question (+ FSRS card), with the
 * sparse gsi1 `USER#<id>#DUE` / `<due ISO>#<questionId>` while the card is in review or
 * relearning, and `#L<due ISO>#<questionId>` in the same partition while it is in its first
 * learning steps (D185): `#` sorts before every date, so "due by the end of the day" reads both in
 * one Query while counts of reviews (due today, the forecast) start their range at {@link DATED_FROM}.
 * The record of a write is built by functions/domains/learning/question-stat.ts.
 */
const SK_PREFIX = 'QSTAT#';
const LEARNING_PREFIX = '#L';
/** The lower bound of the dated (review and relearning) entries of the due index: learning entries sort before it. */
export const DATED_FROM = '0';

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
  /** The due index entry of a card in its first learning steps (sorts before every dated entry). */
  learningIndex: (userId: string, dueIso: string, questionId: string) => ({
    gsi1pk: `${userPk(userId)}#DUE`,
    gsi1sk: `${LEARNING_PREFIX}${dueIso}#${questionId}`,
  }),
  /** Sparse gsi2 `USER#<id>#LEECH` / `<failures, 6 digits>#<questionId>` once the question is a leech (most failed last). */
  leechIndex: (userId: string, failures: number, questionId: string) => ({
    gsi2pk: `${userPk(userId)}#LEECH`,
    gsi2sk: `${String(Math.min(failures, 999_999)).padStart(6, '0')}#${questionId}`,
  }),
  type: 'QSTAT',
  parse: /* @__PURE__ */ itemParser(questionStatSchema),
};
