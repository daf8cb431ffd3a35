import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { MAX_ANSWER_CHARS, MAX_SUBMITTED_ANSWERS } from './results.js';

/**
 * The sitting in progress, kept on the server ("resume anywhere"): another tab or device
 * continues where the learner stopped. One per user and exam; written only with the version it was
 * read at (a conditional write), so two tabs never overwrite each other unseen — a stale write is
 * merged by the server (D294) and answered with the merged sitting. Finishing the sitting (End, or
 * the last question's Finish) deletes it; starting over closes it (its answers counted, D296).
 */

const examIdParam = () => z.object({ examId: z.string().check(z.minLength(1), z.maxLength(100)) });
const questionId = () => z.string().check(z.minLength(1), z.maxLength(200));
const seconds = () => z.number().check(z.int(), z.gte(0), z.lte(30 * 24 * 3600));

export const sittingStateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_order: z.array(questionId()).check(z.maxLength(MAX_SUBMITTED_ANSWERS)),
    current_index: z.number().check(z.int(), z.gte(0), z.lte(MAX_SUBMITTED_ANSWERS)),
    /** Answers typed or chosen so far, by question id. */
    answers: z.record(questionId(), z.string().check(z.maxLength(MAX_ANSWER_CHARS))),
    /** Questions answered (committed) in this sitting. */
    answered: z.array(questionId()).check(z.maxLength(MAX_SUBMITTED_ANSWERS)),
    /** The learner's own grades (self-graded or overruled). */
    overrules: z.record(questionId(), z.enum(['correct', 'wrong'])),
    elapsed_seconds: seconds(),
    question_times: z.record(questionId(), seconds()),
    /** The result the sitting's saves add to (null before the first save). */
    previous_result_id: z.nullable(z.string().check(z.maxLength(100))),
    /** Questions whose answer is in that result already: never sent again. */
    saved: z.array(questionId()).check(z.maxLength(MAX_SUBMITTED_ANSWERS)),
    /**
     * How many times each question's answer was committed or changed: of two tabs' answers to one
     * question the higher revision wins, equal ones the first stored (shared/domain/sitting-merge).
     */
    revisions: z.optional(z.record(questionId(), z.number().check(z.int(), z.gte(0), z.lte(1_000_000)))),
  }),
);
export type SittingState = z.infer<ReturnType<typeof sittingStateSchema>>;

export const sittingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    exam_id: z.string(),
    /** Increases by one with every write; 0 is "none yet". */
    version: z.number().check(z.int(), z.gte(1)),
    updated_at: z.string(),
    state: sittingStateSchema(),
  }),
);
export type Sitting = z.infer<ReturnType<typeof sittingSchema>>;

/** GET /api/exam/{examId}/sitting/: the caller's sitting of the exam, or null. */
export const getSitting = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/sitting/',
  access: 'signed-in',
  schemas: () => ({ params: examIdParam() }),
  response: () => z.object({ sitting: z.nullable(sittingSchema()) }),
});

/**
 * PUT /api/exam/{examId}/sitting/: writes the sitting at `expected_version` (0: there is none).
 * When another tab wrote in between, the server merges the two (shared/domain/sitting-merge, D294)
 * and answers the merged sitting with `merged: true`, so the writer shows what it did not know. 409
 * `sitting_version_conflict` only when the sitting was finished meanwhile (expected > 0, none
 * stored) or the merge kept losing races.
 */
export const saveSitting = defineRoute({
  method: 'PUT',
  path: '/api/exam/{examId}/sitting/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({ expected_version: z.number().check(z.int(), z.gte(0)), state: sittingStateSchema() }),
  }),
  response: () => z.object({ sitting: sittingSchema(), merged: z.optional(z.boolean()) }),
});

/**
 * POST /api/exam/{examId}/sitting/close/: "start over" (D296). The sitting's answered questions not
 * yet in a result are counted (a submit, or a continue of its result, with a submission id made
 * from the sitting's version, so a retried close counts once) and the sitting is deleted. No
 * sitting: nothing to do (`counted: 0`).
 */
export const closeSitting = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/sitting/close/',
  access: 'signed-in',
  schemas: () => ({ params: examIdParam() }),
  response: () => z.object({ counted: z.number().check(z.int(), z.gte(0)), result_id: z.nullable(z.string()) }),
});

/** DELETE /api/exam/{examId}/sitting/: the sitting is over (finished or ended); idempotent. */
export const endSitting = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/sitting/',
  access: 'signed-in',
  schemas: () => ({ params: examIdParam() }),
  response: () => z.object({ success: z.literal(true) }),
});
