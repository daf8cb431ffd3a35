import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/**
 * Workload the learner controls (docs/learning.md "Workload", D326–D332): postpone and advance
 * review cards, and the retention helper's simulated year. The routes take no user: each moves or
 * simulates the caller's own cards.
 */

/** Cards one postpone or advance moves at most (one transaction with its claim). */
export const MAX_MOVE_COUNT = 50;

const moveBody = () =>
  z.object({
    /** The client's id of the operation: a retried request with it moves nothing more. */
    operation_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
    count: z.number().check(z.int(), z.gte(1), z.lte(MAX_MOVE_COUNT)),
  });

export const moveAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    /** True when the operation id was applied before: the answer is what it did then. */
    replayed: z.boolean(),
    /** The learner day of the operation. */
    day: z.string(),
    /** The cards moved, least harm first: learner days before and after. */
    moved: z.array(z.object({ question_id: z.string(), from: z.string(), to: z.string() })),
  }),
);
export type MoveAnswer = z.infer<ReturnType<typeof moveAnswer>>;

/**
 * POST /api/review-postpone/: moves up to `count` review cards due today (or overdue) later, those
 * whose recall suffers least first; each interval grows by 7.5 %, at least to tomorrow.
 */
export const postponeReviews = defineRoute({
  method: 'POST',
  path: '/api/review-postpone/',
  access: 'signed-in',
  schemas: () => ({ body: moveBody() }),
  response: () => moveAnswer(),
});

/**
 * POST /api/review-advance/: brings up to `count` review cards due on a later day to today, those
 * closest to their due point (lowest recall now) first.
 */
export const advanceReviews = defineRoute({
  method: 'POST',
  path: '/api/review-advance/',
  access: 'signed-in',
  schemas: () => ({ body: moveBody() }),
  response: () => moveAnswer(),
});

export const workloadForecastSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    /** Days simulated (a year). */
    days: z.number().check(z.int()),
    /** New cards a day the simulation introduced (the learner's setting). */
    new_cards_per_day: z.number().check(z.int()),
    /** The learner's current desired retention. */
    desired_retention: z.number(),
    /** Whether the simulation used the learner's fitted weights (else FSRS-6's defaults). */
    personal: z.boolean(),
    options: z.array(
      z.object({
        retention: z.number(),
        average_reviews: z.number(),
        weekly_reviews: z.array(z.number()),
        recall_at_review: z.number(),
        memorized: z.number(),
      }),
    ),
  }),
);
export type WorkloadForecast = z.infer<ReturnType<typeof workloadForecastSchema>>;

/**
 * GET /api/review-workload/: the retention helper. The caller's next year simulated with their own
 * weights at several desired retentions (`new_cards_per_day` overrides the stored setting, so the
 * form can show the choice before it is saved).
 */
export const getWorkloadForecast = defineRoute({
  method: 'GET',
  path: '/api/review-workload/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({
      new_cards_per_day: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
      _t: z.optional(z.string().check(z.maxLength(50))),
    }),
  }),
  response: () => workloadForecastSchema(),
});
