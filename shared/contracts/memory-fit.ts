import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/**
 * Per-learner FSRS parameters (docs/learning.md "Per-learner parameters"): the caller's own fit,
 * how it was judged and their measured retention. There is no way to name another user.
 */
export const memoryFitSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    /** Whether scheduling uses weights fitted to the caller's log (else the FSRS-6 defaults). */
    personal: z.boolean(),
    /** When the log was last fitted (or looked at), ISO; null never. */
    fitted_at: z.nullable(z.string()),
    /** Training items (reviews a later day's review followed up) at that fit. */
    review_count: z.number(),
    /** Items needed before a fit of the first stabilities (w0–w3). */
    min_reviews: z.number(),
    /** Items needed before a fit of all 21 weights. */
    full_min_reviews: z.number(),
    /** Share of due reviews recalled (Hard, Good or Easy), 0–1; null without due reviews. */
    measured_retention: z.nullable(z.number()),
    /** The retention the scheduler aims at, 0–1. */
    desired_retention: z.number(),
    /** The last fit: kept (`fitted`), not run (`too_few_reviews`), or no better than the weights before (`kept_current`). */
    outcome: z.nullable(z.enum(['fitted', 'too_few_reviews', 'kept_current'])),
    /** Which weights the last fit could change: the first stabilities or all; null when none ran. */
    kind: z.nullable(z.enum(['initial', 'full'])),
    /** Held-back reviews (the newest fifth of the items, recalled or not on a later day) the last fit was judged on. */
    held_back: z.number(),
    /** Log loss on them of the weights before the fit and of the fit (lower predicts better); null when none ran. */
    log_loss_before: z.nullable(z.number()),
    log_loss_after: z.nullable(z.number()),
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
