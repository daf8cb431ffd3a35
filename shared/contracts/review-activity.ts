import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';

/** Days the heatmap shows, ending with the learner's today. */
export const ACTIVITY_DAYS = 365;
/** Days the due forecast covers, today first. */
export const FORECAST_DAYS = 30;
/** Due cards the forecast reads at most (one page of the due index); a larger backlog answers `forecast_capped`. */
export const FORECAST_CAP = 2000;

const dayString = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * GET /api/review-activity/ (profile): the caller's reviews per learner day over the last
 * {@link ACTIVITY_DAYS} days (days without reviews left out), the current and longest streak in that
 * window, and how many cards fall due on each of the next {@link FORECAST_DAYS} learner days (overdue
 * ones on today). Own data only: there is no way to name another user.
 */
export const getReviewActivity = defineRoute({
  method: 'GET',
  path: '/api/review-activity/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({ _t: z.optional(z.string().check(z.maxLength(50))) }),
  }),
  response: () =>
    z.object({
      today: dayString(),
      days: z.array(z.object({ day: dayString(), count: z.number().check(z.int(), z.gte(1)) })),
      total_reviews: z.number().check(z.int()),
      current_streak: z.number().check(z.int()),
      longest_streak: z.number().check(z.int()),
      forecast: z.array(z.object({ day: dayString(), due: z.number().check(z.int()) })),
      forecast_capped: z.boolean(),
    }),
});
