import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';

/**
 * Learning-data maintenance of the `results` group (docs/architecture.md §2.6 L14, L22;
 * docs/decisions/results-and-grading.md D221–D223): the statistics reset and the manual retention cleanup.
 */

/**
 * POST /api/user-statistics/reset/ (docs/product.md#profile, `{user_id}` → success). Deletes the user's results
 * (with their details), exam summaries and question statistics and zeroes the counters; favorites,
 * ignored questions, subscriptions, exams and the profile stay. `user_id` absent or the caller's
 * own: the caller; another user's: site admins only (else 403 `statistics_reset_forbidden`).
 * `completed` is false when the history did not fit the request's time budget; the rest is
 * finished by the next call or the daily retention-cleanup job.
 */
export const resetUserStatistics = defineRoute({
  method: 'POST',
  path: '/api/user-statistics/reset/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      user_id: z.optional(
        z.nullable(
          z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)),
        ),
      ),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      /** Items deleted by this request (results, details, summaries, statistics). */
      deleted_count: z.optional(z.number().check(z.int())),
      completed: z.optional(z.boolean()),
    }),
});

/**
 * POST /api/retention-cleanup/manual/ (docs/product.md#profile, `{percentage}` → deleted_count): removes the
 * caller's oldest ⌊result_count × p / 100⌋ results and subtracts what they contributed from the
 * question statistics. `percentage` defaults to the saved `retention_cleanup_percentage` (the
 * slider may show an unsaved value). Does what fits in ~20 s.
 */
export const manualRetentionCleanup = defineRoute({
  method: 'POST',
  path: '/api/retention-cleanup/manual/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      percentage: z.optional(z.nullable(z.coerce.number().check(z.int(), z.gte(0), z.lte(100)))),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      /** Results removed by this request. */
      deleted_count: z.number().check(z.int()),
      /** False when the time budget ran out before every selected result was removed. */
      completed: z.optional(z.boolean()),
    }),
});
