import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/**
 * Offline study (docs/architecture.md "Offline study"): grades made without a connection wait in the
 * browser's outbox with the id they were made with, then arrive here in batches. The server merges them
 * into the caller's review log as a set (a grade id already in the log changes nothing) and recomputes
 * every card the batch touched by replaying its log in review-time order, so two devices that graded the
 * same card offline end with the state one device would have reached with the same grades in that order.
 * Every record speaks of the caller's own cards: there is no way to name another user.
 */

/** Records per request: the outbox sends its oldest records first, this many at a time. */
export const REVIEW_SYNC_MAX_RECORDS = 100;

const gradeIdSchema = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));
const id = () => z.string().check(z.minLength(1), z.maxLength(128));

export const offlineGradeSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    /** Made by the client once per grade, kept in the outbox and sent again on every retry. */
    grade_id: gradeIdSchema(),
    question_id: id(),
    exam_id: id(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: z.number().check(z.int(), z.gte(1), z.lte(4)),
    /** When the learner graded, on the device's clock (ISO); the server clamps it to the last 30 days and now. */
    graded_at: z.string().check(z.maxLength(40)),
    /** Seconds the learner spent on the card. */
    seconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
  }),
);
export type OfflineGrade = z.infer<ReturnType<typeof offlineGradeSchema>>;

export const REVIEW_SYNC_STATUSES = ['applied', 'replayed', 'refused'] as const;
export type ReviewSyncStatus = (typeof REVIEW_SYNC_STATUSES)[number];

/** A card's state after the merge: what the device stores in place of its own guess. */
export const syncedCardSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    exam_id: z.string(),
    due: z.string(),
    state: z.string(),
    stability: z.number(),
    difficulty: z.number(),
    reps: z.number().check(z.int()),
    lapses: z.number().check(z.int()),
    /** The QSTAT version after the merge. */
    version: z.number().check(z.int()),
  }),
);
export type SyncedCard = z.infer<ReturnType<typeof syncedCardSchema>>;

/**
 * POST /api/review-sync/: a batch of offline grades. Each record answers `applied` (now in the log),
 * `replayed` (its grade id was already there: nothing changed) or `refused` with a stable `code`
 * (a question the caller cannot review, a deleted question): a refused record is acknowledged too, so
 * the outbox can drop it and say so, never retry it for ever.
 */
export const syncReviews = defineRoute({
  method: 'POST',
  path: '/api/review-sync/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      records: z.array(offlineGradeSchema()).check(z.minLength(1), z.maxLength(REVIEW_SYNC_MAX_RECORDS)),
    }),
  }),
  response: () =>
    z.object({
      results: z.array(
        z.object({
          grade_id: z.string(),
          status: z.enum(REVIEW_SYNC_STATUSES),
          code: z.optional(z.string()),
        }),
      ),
      cards: z.array(syncedCardSchema()),
    }),
});
