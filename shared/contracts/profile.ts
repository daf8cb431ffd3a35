import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { languageSchema } from '../domain/language.js';
import { LIMITS } from '../domain/limits.js';

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
  }),
);
export type ProfileAnswer = z.infer<ReturnType<typeof profileAnswer>>;

const { min: qMin, max: qMax } = LIMITS.profileQuestionCount;
const { min: pMin, max: pMax, step: pStep } = LIMITS.retentionPercentage;

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

/** user_data_export_<username>.xlsx: one sheet per kind of personal record. */
export const exportUserData = defineRoute({
  method: 'GET',
  path: '/api/export-user-data/',
  access: 'signed-in',
});
