import * as z from 'zod';
import { ROLES } from '../../../../shared/domain/roles.js';

/**
 * The user as kept in localStorage `user` (spec 1 §3). Parsed leniently: the login screens and
 * the server own the full shape; the shell only needs a name and the role flags.
 */
export const authUserSchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    username: z.string().min(1),
    email: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email_verified: z.boolean().optional(),
    role: z.enum(ROLES).catch('user_role').default('user_role'),
    is_superuser: z.boolean().optional(),
    is_staff: z.boolean().optional(),
    has_study_admin_role: z.boolean().optional(),
    date_joined: z.string().nullish(),
    language: z.string().nullish(),
  })
  .passthrough();

export type AuthUser = z.infer<typeof authUserSchema>;

/** Detail of the `authStatusChanged` window event (spec 1 §4). */
export interface AuthStatusDetail {
  authenticated: boolean;
  user: AuthUser | null;
}

export const AUTH_STATUS_EVENT = 'authStatusChanged';

/** The name shown in the navbar: first and last name when set, else the username. */
export function displayName(user: AuthUser): string {
  const full = [user.first_name, user.last_name].filter((part) => part && part.trim()).join(' ').trim();
  return full || user.username;
}
