import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { examSchema } from './exam-schemas.js';

/** Subscribing to exams: the exam list's bulk toggle and the profile's Subscribed Exams list and moves. */

/**
 * Exams one user may subscribe to. The subscribed list and the daily quiz read every subscription
 * (no cursor in the original client), so the cap keeps those reads at one small Query each.
 */
export const MAX_SUBSCRIBED_EXAMS = 200;

const examIds = () =>
  z
    .array(z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)))
    .check(z.minLength(1), z.maxLength(100));

export const bulkToggleSubscription = defineRoute({
  method: 'POST',
  path: '/api/exam-subscription/bulk-toggle/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds(), action: z.enum(['subscribe', 'unsubscribe']) }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      action: z.enum(['subscribe', 'unsubscribe']),
      changed: z.array(z.string()),
      not_found: z.array(z.string()),
    }),
});

export const subscribedExams = defineRoute({
  method: 'GET',
  path: '/api/user-exams/subscribed-exams/',
  access: 'signed-in',
  response: () => z.object({ count: z.number().check(z.int()), exams: z.array(examSchema()) }),
});

const moveAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    moved: z.array(z.string()),
    not_found: z.array(z.string()),
  }),
);

/** Profile: subscribe the selected exams (they then show under Subscribed Exams). */
export const moveToSubscribed = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-subscribed/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
  }),
  response: () => moveAnswer(),
});

/** Profile: unsubscribe the selected exams (they leave Subscribed Exams). */
export const moveToMyExams = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-my-exams/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
  }),
  response: () => moveAnswer(),
});
