import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { examQuestionSchema } from './exam-schemas.js';
import { LIMITS } from '../domain/limits.js';

/**
 * The Review screen (docs/learning.md "The review queue"): the caller's due cards, then
 * new questions up to their new-cards-a-day limit, then learning steps when they come due, across
 * their subscribed exams and the exams of their study tasks. Every route speaks of the caller's own
 * cards only: there is no way to name another user.
 */

const id = () => z.string().check(z.minLength(1), z.maxLength(128));

/** Seconds from the grade to the card's next due time, per rating (Anki shows these on its buttons). */
const intervalsSchema = () =>
  z.object({
    again: z.number().check(z.gte(0)),
    hard: z.number().check(z.gte(0)),
    good: z.number().check(z.gte(0)),
    easy: z.number().check(z.gte(0)),
  });

export const REVIEW_CARD_KINDS = ['due', 'new', 'learning'] as const;
export type ReviewCardKind = (typeof REVIEW_CARD_KINDS)[number];

export const reviewCardSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    exam_id: z.string(),
    exam_title: z.string(),
    kind: z.enum(REVIEW_CARD_KINDS),
    question: examQuestionSchema(),
    intervals: intervalsSchema(),
    /** The QSTAT version the intervals were computed on (0: never answered). */
    version: z.number().check(z.int()),
    lapses: z.number().check(z.int()),
    leech: z.boolean(),
  }),
);
export type ReviewCard = z.infer<ReturnType<typeof reviewCardSchema>>;

const countsSchema = () =>
  z.object({
    new: z.number().check(z.int()),
    learning: z.number().check(z.int()),
    /** Of `learning`, the cards whose step is due now (the rest come due later today). */
    learning_now: z.number().check(z.int()),
    due: z.number().check(z.int()),
  });

const settingsSchema = () =>
  z.object({
    desired_retention: z.number(),
    new_cards_per_day: z.number().check(z.int()),
    max_reviews_per_day: z.number().check(z.int()),
  });

/** Cards per page of the queue. */
export const REVIEW_PAGE_SIZE = 20;

/** GET /api/review-queue/: the next cards to review, optionally only those of one exam or one study. */
export const getReviewQueue = defineRoute({
  method: 'GET',
  path: '/api/review-queue/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({
      exam_id: z.optional(id()),
      study_id: z.optional(id()),
      _t: z.optional(z.string().check(z.maxLength(50))),
    }),
  }),
  response: () =>
    z.object({
      day: z.string(),
      /** What is left today (after the limits), the cards on this page included. */
      counts: countsSchema(),
      /** Graded today: new cards introduced, reviews of any kind. */
      done_today: z.object({ new: z.number().check(z.int()), reviews: z.number().check(z.int()) }),
      cards: z.array(reviewCardSchema()),
      /** The earliest learning step still waiting (ISO), when the page is empty because of it. */
      next_learning_due: z.nullable(z.string()),
      settings: settingsSchema(),
      can_undo: z.boolean(),
    }),
});

export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/**
 * POST /api/review-grade/: one grade. `grade_id` is made by the client once per grade and sent again
 * on every retry: a grade id already applied answers `replayed: true` and changes nothing.
 */
export const gradeReview = defineRoute({
  method: 'POST',
  path: '/api/review-grade/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      grade_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
      question_id: id(),
      exam_id: id(),
      /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
      rating: z.number().check(z.int(), z.gte(1), z.lte(4)),
      /** Seconds the learner spent on the card. */
      seconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
      /** When the learner graded (a queued offline grade keeps its time); the server clamps it to the last day. */
      graded_at: z.optional(z.string().check(z.maxLength(40))),
    }),
  }),
  response: () =>
    z.object({
      replayed: z.boolean(),
      question_id: z.string(),
      due: z.string(),
      state: z.string(),
      lapses: z.number().check(z.int()),
      leech: z.boolean(),
    }),
});

/**
 * POST /api/review-undo/: takes back one of the caller's grades. Without a body, the last one the
 * server applied (one level). With `grade_id` (the client's id of a grade it made), that grade, as
 * long as nothing graded the same card since and no newer grade is the undo pointer: the Review
 * screen undoes its grades newest first, several levels (D304).
 */
export const undoReview = defineRoute({
  method: 'POST',
  path: '/api/review-undo/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ grade_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))) }),
  }),
  response: () => z.object({ question_id: z.string(), exam_id: z.string() }),
});

/** Cards buried at most per learner day (a day's REVDAY item holds their ids). */
export const MAX_BURIED_PER_DAY = 500;

/**
 * POST /api/review-bury/: buries a card until the learner's next day (Anki's bury: it leaves
 * today's queue, the counts and the daily exam), or `buried: false` brings it back (undo).
 */
export const buryReview = defineRoute({
  method: 'POST',
  path: '/api/review-bury/',
  access: 'signed-in',
  schemas: () => ({ body: z.object({ question_id: id(), buried: z.boolean() }) }),
  response: () => z.object({ question_id: z.string(), buried: z.boolean(), day: z.string() }),
});

/** Questions failed this many times (wrong answers and Again grades) are leeches (Anki's default). */
export const LEECH_THRESHOLD = LIMITS.leechFailures;
/** Leeches listed at most. */
export const LEECH_LIST_CAP = 50;

/** GET /api/review-leeches/: the caller's leeches, most failed first. */
export const listLeeches = defineRoute({
  method: 'GET',
  path: '/api/review-leeches/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({ _t: z.optional(z.string().check(z.maxLength(50))) }),
  }),
  response: () =>
    z.object({
      leeches: z.array(
        z.object({
          question_id: z.string(),
          exam_id: z.string(),
          title: z.string(),
          failures: z.number().check(z.int()),
        }),
      ),
    }),
});
