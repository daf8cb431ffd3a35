import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { examQuestionSchema } from './exam-schemas.js';

/**
 * "Download for offline" on the Review screen (docs/architecture.md "Offline study"): the cards the
 * learner may review without a connection, each with its question and its FSRS card, and what the
 * browser needs to schedule them with the server's rule (shared/domain/fsrs-schedule.ts, D385): the
 * learner's day, retention and fitted weights. The caller's own cards only.
 */

const id = () => z.string().check(z.minLength(1), z.maxLength(128));

/** Cards a download holds at most (today's queue first, then the next days' due cards). */
export const OFFLINE_CARDS_MAX = 300;
/**
 * New questions a download reads (the Review screen reads 60 a page, D308): a learner who sets a day's
 * new-card limit above 60 takes that many offline (D445). At most 100 per source exam are read.
 */
export const OFFLINE_NEW_CANDIDATES = 200;
/** Days past today whose due cards are downloaded too. */
export const OFFLINE_DAYS_AHEAD = 7;

/** An FSRS card as the server stores it (shared/domain/fsrs-schedule.ts `FsrsCard`). */
const fsrsCardSchema = () =>
  z.object({
    due: z.string(),
    stability: z.number(),
    difficulty: z.number(),
    elapsed_days: z.number(),
    scheduled_days: z.number(),
    learning_steps: z.number(),
    reps: z.number(),
    lapses: z.number(),
    state: z.enum(['new', 'learning', 'review', 'relearning']),
    last_review: z.nullable(z.string()),
  });

export const offlineCardSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    exam_id: z.string(),
    exam_title: z.string(),
    question: examQuestionSchema(),
    /** Null: never answered (a new card). */
    fsrs: z.nullable(fsrsCardSchema()),
    version: z.number().check(z.int()),
    lapses: z.number().check(z.int()),
    leech: z.boolean(),
  }),
);
export type OfflineCard = z.infer<ReturnType<typeof offlineCardSchema>>;

/** GET /api/review-offline/: the offline download of the Review queue, optionally of one exam. */
export const getOfflineReview = defineRoute({
  method: 'GET',
  path: '/api/review-offline/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({ exam_id: z.optional(id()) }),
  }),
  response: () =>
    z.object({
      day: z.string(),
      /** The learner's scheduling, as `schedulerFor` reads it from a user item. */
      scheduling: z.object({
        time_zone: z.string(),
        day_rollover_hour: z.number().check(z.int()),
        desired_retention: z.number(),
        fsrs_weights: z.nullable(z.array(z.number())),
      }),
      limits: z.object({
        new_per_day: z.number().check(z.int()),
        reviews_per_day: z.number().check(z.int()),
      }),
      done_today: z.object({ new: z.number().check(z.int()), reviews: z.number().check(z.int()) }),
      cards: z.array(offlineCardSchema()),
    }),
});
