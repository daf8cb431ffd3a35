import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { languageSchema } from '../domain/language.js';
import { ROLES } from '../domain/roles.js';

/**
 * The user object every account route answers with (docs/product.md#accounts). Never carries a password hash.
 * A module of its own: the sign-in routes (auth.ts, on the web's first load) need it without the
 * user-management contracts.
 */
export const userAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email_verified: z.boolean(),
    role: z.enum(ROLES),
    is_superuser: z.boolean(),
    is_staff: z.boolean(),
    has_study_admin_role: z.boolean(),
    date_joined: z.string(),
    language: languageSchema(),
  }),
);
export type UserAnswer = z.infer<ReturnType<typeof userAnswer>>;
