import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<id>`/`REVLOG#<answered ISO>#<source>`: the review log. One item per write that
 * grades answers (a submit's first transaction, each later statistics batch), holding one compact
 * row per graded answer, so the log costs one more Put in a transaction that is written anyway.
 * `source` names that write (`<resultId>.<revision>.<batch>`), so a retried batch writes the
 * same key again rather than a second record; a replayed submit writes nothing (its claim fails).
 *
 * A row is `[question_id, rating, elapsed_days, state_before, state_after, seconds]`: rating 1–4
 * (Again, Hard, Good, Easy) or {@link MOVED_RATING} for a card postponed or advanced (then the
 * days field is its new interval), elapsed learner days (D120) as the scheduler counted them, states
 * 0 new · 1 learning · 2 review · 3 relearning, and the seconds the learner spent (−1 unknown).
 * Size: docs/learning.md "The review log".
 */
const SK_PREFIX = 'REVLOG#';

/** The rating of a row that moved a card's due day without an answer (postpone/advance, Anki's "manual"). */
export const MOVED_RATING = 0;

export type ReviewRow = [
  questionId: string,
  rating: number,
  elapsedDays: number,
  stateBefore: number,
  stateAfter: number,
  seconds: number,
];

const reviewLogSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    answered_at: z.string(),
    exam_id: z.string(),
    result_id: z.string(),
    reviews: z.array(z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number()])),
  }),
);
export type ReviewLogRecord = z.infer<ReturnType<typeof reviewLogSchema>>;

export const reviewLogEntity = {
  key: (userId: string, answeredAt: string, source: string) => ({
    pk: userPk(userId),
    sk: `${SK_PREFIX}${answeredAt}#${source}`,
  }),
  skPrefix: SK_PREFIX,
  type: 'REVLOG',
  item: (userId: string, source: string, record: ReviewLogRecord): StoredItem => ({
    ...reviewLogEntity.key(userId, record.answered_at, source),
    type: 'REVLOG',
    ...record,
  }),
  parse: /* @__PURE__ */ itemParser(reviewLogSchema),
};
