import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { languageSchema } from '../domain/language.js';
import { LIMITS } from '../domain/limits.js';
import { canonicalTimeZone, INVALID_TIME_ZONE, TIME_ZONE_MAX_LENGTH } from '../domain/time-zone-name.js';
import { DEFAULT_EASY_DAYS, EASY_DAY_MODES, INVALID_EASY_DAYS, isEasyDays } from '../domain/workload.js';

/** An IANA time zone name this runtime's Intl knows; anything else is `400 invalid_time_zone`. */
export const timeZoneSchema = () =>
  z.string().check(
    z.maxLength(TIME_ZONE_MAX_LENGTH),
    z.refine((value) => canonicalTimeZone(value) !== null, {
      message: 'not an IANA time zone',
      // `examples` feed the contract fuzzer (tests/fuzz/zod-arbitrary.ts).
      params: {
        code: INVALID_TIME_ZONE,
        examples: ['Asia/Seoul', 'America/New_York', 'Europe/Berlin', 'Pacific/Chatham', 'Australia/Lord_Howe', 'UTC'],
      },
    }),
  );
/** Seven Easy-Day modes, Monday first (D326); anything else is `400 invalid_easy_days`. */
export const easyDaysSchema = () =>
  z.array(z.string().check(z.maxLength(10))).check(
    // The length is checked here too, so every wrong value answers the same code.
    z.refine((value) => isEasyDays(value), {
      message: 'seven of normal, reduced, minimum',
      params: {
        code: INVALID_EASY_DAYS,
        examples: [[...DEFAULT_EASY_DAYS], ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum']],
      },
    }),
  );
/** The hour (local time) at which the learner's day turns: 0–23. */
export const rolloverHourSchema = () => z.number().check(z.int(), z.gte(0), z.lte(23));

/** docs/product.md#profile "User profile (server)", plus the read-only username the profile screen shows. */
export const profileAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email_verified: z.boolean(),
    language: languageSchema(),
    random_exam_email_enabled: z.boolean(),
    random_exam_question_count: z.number().check(z.int()),
    retention_cleanup_enabled: z.boolean(),
    retention_cleanup_percentage: z.number().check(z.int()),
    /** The learner's day (D120). */
    time_zone: z.string(),
    day_rollover_hour: z.number().check(z.int()),
    /** Review settings. */
    desired_retention: z.number(),
    new_cards_per_day: z.number().check(z.int()),
    max_reviews_per_day: z.number().check(z.int()),
    /** Workload (D326): each weekday's Easy-Day mode, Monday first, and the load balancer. */
    easy_days: z.array(z.enum(EASY_DAY_MODES)),
    load_balancing: z.boolean(),
  }),
);
export type ProfileAnswer = z.infer<ReturnType<typeof profileAnswer>>;

const { min: qMin, max: qMax } = LIMITS.profileQuestionCount;
const { min: pMin, max: pMax, step: pStep } = LIMITS.retentionPercentage;
const { desiredRetention: dr, newCardsPerDay: nc, maxReviewsPerDay: mr } = LIMITS;

/** The web app's language sync: answers `language` (and the rest of the profile). */
export const getProfileLanguage = defineRoute({
  method: 'GET',
  path: '/api/user-profile/',
  access: 'signed-in',
  response: () => profileAnswer(),
});

export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/user-profile/get/',
  access: 'signed-in',
  response: () => profileAnswer(),
});

/** Personal details or random-exam settings; changing the email clears email_verified. */
export const updateProfile = defineRoute({
  method: 'PATCH',
  path: '/api/user-profile/update/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      email: z.nullable(z.optional(z.string().check(z.maxLength(300)))),
      first_name: z.optional(z.string().check(z.maxLength(300))),
      last_name: z.optional(z.string().check(z.maxLength(300))),
      random_exam_email_enabled: z.optional(z.boolean()),
      random_exam_question_count: z.optional(z.number().check(z.int(), z.gte(qMin), z.lte(qMax))),
      /** The learner's day (D120): an IANA zone and the rollover hour. */
      time_zone: z.optional(timeZoneSchema()),
      day_rollover_hour: z.optional(rolloverHourSchema()),
      /** Review settings: FSRS request retention 0.80–0.97, new cards and reviews a day. */
      desired_retention: z.optional(z.number().check(z.gte(dr.min), z.lte(dr.max))),
      new_cards_per_day: z.optional(z.number().check(z.int(), z.gte(nc.min), z.lte(nc.max))),
      max_reviews_per_day: z.optional(z.number().check(z.int(), z.gte(mr.min), z.lte(mr.max))),
      /** Seven modes, Monday first; anything else is `400 invalid_easy_days`. */
      easy_days: z.optional(easyDaysSchema()),
      load_balancing: z.optional(z.boolean()),
    }),
  }),
  response: () => profileAnswer(),
});

export const updateRetentionSettings = defineRoute({
  method: 'PATCH',
  path: '/api/user-profile/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      retention_cleanup_enabled: z.optional(z.boolean()),
      retention_cleanup_percentage: z.optional(
        z.number().check(
          z.int(),
          z.gte(pMin),
          z.lte(pMax),
          z.refine((n) => n % pStep === 0, { message: `must be a multiple of ${pStep}` }),
        ),
      ),
    }),
  }),
  response: () => profileAnswer(),
});

export const changeLanguage = defineRoute({
  method: 'POST',
  path: '/api/change-language/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ language: languageSchema() }),
  }),
  response: () => z.object({ success: z.literal(true), language: languageSchema() }),
});

/** Withdrawal: deletes every personal record and ends every session. */
export const deleteMyAccount = defineRoute({
  method: 'DELETE',
  path: '/api/delete-my-account/',
  access: 'signed-in',
  response: () => z.object({ message: z.string() }),
});
