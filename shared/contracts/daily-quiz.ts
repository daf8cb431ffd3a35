import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { examSchema } from './exam-schemas.js';
import { DAILY_EXAM_ERROR_KEYS } from '../i18n/daily-quiz-messages.js';

/**
 * The daily quiz (docs/product.md#daily-quiz, #errors, #roles): one private exam per user and quiz day,
 * "Today's Quizzes for {username}". When no exam can be built the answer is still 200, with
 * `success: false` and one of the original client's `home.dailyExam.*` keys as `error` (`detail` is its text
 * in the caller's language): these are states of the user's data, not failures of the request.
 */
export const dailyExamAnswer = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('success', [
    z.object({ success: z.literal(true), exam: examSchema(), created: z.boolean() }),
    z.object({ success: z.literal(false), error: z.enum(DAILY_EXAM_ERROR_KEYS), detail: z.string() }),
  ]),
);
export type DailyExamAnswer = z.infer<ReturnType<typeof dailyExamAnswer>>;

/**
 * POST /api/daily-exam/ (home card, the mail's link): opens the caller's daily exam of today, built
 * on the first call of the day. A POST, CSRF-checked: building it is a write, and a GET would let
 * content a viewer merely loads (an image in a question) build it on their behalf.
 */
export const openDailyExam = defineRoute({
  method: 'POST',
  path: '/api/daily-exam/',
  access: 'signed-in',
  response: () => dailyExamAnswer(),
});

/**
 * POST /api/create-random-recommendation-exam/ (exam management, exam detail): the same daily exam;
 * `target_username` names another user's (site admins only). `title`, `questions_per_exam` and
 * `is_public` are accepted as the original clients send them and ignored: the day's exam is one
 * private exam of the profile's question count, whoever asks first.
 */
export const createRandomRecommendationExam = defineRoute({
  method: 'POST',
  path: '/api/create-random-recommendation-exam/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      target_username: z.nullish(z.string().check(z.maxLength(150))),
      title: z.nullish(z.string().check(z.maxLength(200))),
      questions_per_exam: z.nullish(z.union([z.number(), z.string().check(z.maxLength(10))])),
      is_public: z.optional(z.unknown()),
      _t: z.optional(z.union([z.string().check(z.maxLength(50)), z.number()])),
    }),
  }),
  response: () => dailyExamAnswer(),
});

const unsubscribeQuery = () => z.object({ token: z._default(z.string().check(z.maxLength(2000)), '') });

/**
 * The daily mail's one-click unsubscribe (RFC 8058): the mail's `List-Unsubscribe` URL. GET shows
 * a small page with the same button; POST (the mail client's one-click request, or that button)
 * turns `random_exam_email_enabled` off. Authenticated by the signed token alone: no session, so
 * no CSRF token (`csrfExempt`), and a form body (`List-Unsubscribe=One-Click`) that is not read.
 */
export const dailyMailUnsubscribePage = defineRoute({
  method: 'GET',
  path: '/api/daily-quiz-email/unsubscribe/',
  access: 'public',
  answersPage: true,
  schemas: () => ({
    query: unsubscribeQuery(),
  }),
  response: () => z.unknown(),
});

export const dailyMailUnsubscribe = defineRoute({
  method: 'POST',
  path: '/api/daily-quiz-email/unsubscribe/',
  access: 'public',
  answersPage: true,
  bodyKind: 'none',
  csrfExempt: true,
  schemas: () => ({
    query: unsubscribeQuery(),
  }),
  response: () => z.unknown(),
});

/**
 * GET /api/due-today/ (home and profile): what the caller's Review screen holds right now, by the one due
 * rule (docs/product.md "What is due"; D298): the learner's queue built as the Review screen builds it,
 * over the same sources (subscribed exams and active study task exams), with the same limits.
 * `due`: review cards due by the end of the learner day, within what is left of the reviews-a-day limit;
 * `learning`: cards in learning or relearning steps due by then (never limited), `learning_now` of them
 * due at this moment; `new`: never-answered questions available within the new-cards-a-day limit.
 * `capped` when the due index held more than one read's worth (the counts are then lower bounds).
 */
export const getDueToday = defineRoute({
  method: 'GET',
  path: '/api/due-today/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({ _t: z.optional(z.string().check(z.maxLength(50))) }),
  }),
  response: () =>
    z.object({
      day: z.string(),
      due: z.number().check(z.int()),
      learning: z.number().check(z.int()),
      learning_now: z.number().check(z.int()),
      new: z.number().check(z.int()),
      next_learning_due: z.nullable(z.string()),
      capped: z.boolean(),
    }),
});
