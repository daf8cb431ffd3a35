import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/**
 * Per-learner FSRS parameters (issue 26; docs/learning.md "Per-learner parameters"): the caller's
 * own fit and measured retention. There is no way to name another user.
 */
export const memoryFitSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    /** Whether scheduling uses weights fitted to the caller's log (else the FSRS-6 defaults). */
    personal: z.boolean(),
    /** When the log was last fitted (or looked at), ISO; null never. */
    fitted_at: z.nullable(z.string()),
    /** Training items (reviews a later day's review followed up) at that fit. */
    review_count: z.number(),
    /** Items needed before a fit. */
    min_reviews: z.number(),
    /** Share of due reviews recalled (Hard, Good or Easy), 0–1; null without due reviews. */
    measured_retention: z.nullable(z.number()),
    /** The retention the scheduler aims at, 0–1. */
    desired_retention: z.number(),
    outcome: z.nullable(z.enum(['fitted', 'too_few_reviews', 'worse_than_default'])),
    /** When the next fit may be asked for, ISO. */
    next_fit_at: z.nullable(z.string()),
  }),
);
export type MemoryFit = z.infer<ReturnType<typeof memoryFitSchema>>;

/** GET /api/memory-fit/: the caller's fit as stored. */
export const getMemoryFit = defineRoute({
  method: 'GET',
  path: '/api/memory-fit/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({ _t: z.optional(z.string().check(z.maxLength(50))) }),
  }),
  response: () => memoryFitSchema(),
});

/** POST /api/memory-fit/: fit the caller's weights now; once a day (`429 too_many_requests` before). */
export const fitMemory = defineRoute({
  method: 'POST',
  path: '/api/memory-fit/',
  access: 'signed-in',
  response: () => memoryFitSchema(),
});
