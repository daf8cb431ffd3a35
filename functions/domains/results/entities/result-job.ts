import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<id>`/`RESULTJOB#<resultId>`: statistics still to apply for a submit that did not fit one transaction (deleted when done). */
const jobSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    result_id: z.string(),
    exam_id: z.string(),
    /** [questionId, 1 = correct | 0 = wrong] in apply order. */
    pending: z.array(z.tuple([z.string(), z.number()])),
    cursor: z.number(),
    answered_at: z.string(),
    updated_at: z.string(),
    /** Seconds spent per pending answer (same order), for the review log. */
    seconds: z.optional(z.array(z.number())),
    /** The taker's learner day at the submit (D120), so later batches count elapsed days alike. */
    time_zone: z.optional(z.string()),
    day_rollover_hour: z.optional(z.number()),
    /** The learner's fitted FSRS weights when the submit graded with them. */
    fsrs_weights: z.optional(z.array(z.number())),
    /** The taker's desired retention at the submit, for the later batches' scheduler. */
    desired_retention: z.optional(z.number()),
  }),
);
export type JobRecord = z.infer<ReturnType<typeof jobSchema>>;
const SK_PREFIX = 'RESULTJOB#';

export const resultJobEntity = {
  key: (userId: string, resultId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${resultId}` }),
  skPrefix: SK_PREFIX,
  item: (userId: string, job: JobRecord): StoredItem => ({
    ...job,
    ...resultJobEntity.key(userId, job.result_id),
    type: 'RESULTJOB',
  }),
  parse: /* @__PURE__ */ itemParser(jobSchema),
};
