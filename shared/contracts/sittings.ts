import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { MAX_ANSWER_CHARS, MAX_SUBMITTED_ANSWERS } from './results.js';

/**
 * The sitting in progress, kept on the server (issue 23 "resume anywhere"): another tab or device
 * continues where the learner stopped. One per user and exam; written only with the version it was
 * read at (a conditional write), so two tabs never overwrite each other unseen — the loser gets 409
 * `sitting_version_conflict`, reads the sitting again, merges and writes again. Finishing the
 * sitting (End, or the last question's Finish) deletes it.
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
 * PUT /api/exam/{examId}/sitting/: writes the sitting if its version is still `expected_version`
 * (0: there is none); 409 `sitting_version_conflict` otherwise.
 */
export const saveSitting = defineRoute({
  method: 'PUT',
  path: '/api/exam/{examId}/sitting/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({ expected_version: z.number().check(z.int(), z.gte(0)), state: sittingStateSchema() }),
  }),
  response: () => z.object({ sitting: sittingSchema() }),
});

/** DELETE /api/exam/{examId}/sitting/: the sitting is over (finished or ended); idempotent. */
export const endSitting = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/sitting/',
  access: 'signed-in',
  schemas: () => ({ params: examIdParam() }),
  response: () => z.object({ success: z.literal(true) }),
});
