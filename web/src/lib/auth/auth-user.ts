import * as z from 'zod/mini';
import { ROLES } from '#shared/domain/roles.js';

/**
 * The user as kept in localStorage `user` (docs/product.md#accounts). Parsed leniently: the login screens and
 * the server own the full shape; the shell only needs a name and the role flags.
 */
export const authUserSchema = z.looseObject({
  id: z.optional(z.union([z.string(), z.number()])),
  username: z.string().check(z.minLength(1)),
  email: z.nullish(z.string()),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  email_verified: z.optional(z.boolean()),
  role: z._default(z.catch(z.enum(ROLES), 'user_role'), 'user_role'),
  is_superuser: z.optional(z.boolean()),
  is_staff: z.optional(z.boolean()),
  has_study_admin_role: z.optional(z.boolean()),
  date_joined: z.nullish(z.string()),
  language: z.nullish(z.string()),
});

export type AuthUser = z.infer<typeof authUserSchema>;

/** Detail of the `authStatusChanged` window event (docs/product.md#accounts). */
export interface AuthStatusDetail {
  authenticated: boolean;
  user: AuthUser | null;
}

export const AUTH_STATUS_EVENT = 'authStatusChanged';

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * The name shown in the navbar and greetings: first and last name when set, else the username.
 * A Korean name on a Korean page reads family name first, as Korean writes it ("김유엑스"); other
 * names keep their given-name-first order.
 */
export function displayName(user: AuthUser, language: string = 'en'): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (language === 'ko' && HANGUL.test(first) && HANGUL.test(last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ') || user.username;
}

/** Joined within the last day: greeted as new, not "welcome back". */
const NEW_USER_MS = 24 * 60 * 60 * 1000;

export function isNewUser(user: AuthUser, now: number = Date.now()): boolean {
  const joined = user.date_joined ? Date.parse(user.date_joined) : Number.NaN;
  return Number.isFinite(joined) && now - joined < NEW_USER_MS;
}
