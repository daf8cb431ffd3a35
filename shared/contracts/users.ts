import * as z from 'zod';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { userAnswer, type UserAnswer } from './user-answer.js';
import { languageSchema } from '../domain/language.js';
import { ROLES } from '../domain/roles.js';

export { userAnswer, type UserAnswer };

const idParams = () => z.object({ id: z.string().min(1).max(64) });
/** Free-text fields are capped here; their finer rules (formats, lengths) give specific codes in the services. */
const text = (max: number) => z.string().max(max);

export const listUsers = defineRoute({
  method: 'GET',
  path: '/api/users/',
  access: 'admin',
  schemas: () => ({
    response: z.array(userAnswer()),
  }),
});

export const createUser = defineRoute({
  method: 'POST',
  path: '/api/users/create/',
  access: 'admin',
  schemas: () => ({
    body: z.object({
      username: text(300),
      password: text(1024),
      first_name: text(300).optional(),
      last_name: text(300).optional(),
      email: text(300).optional(),
      role: z.enum(ROLES).optional(),
      language: languageSchema().optional(),
    }),
    response: z.object({ detail: z.string(), user: userAnswer() }),
  }),
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/api/users/{id}/',
  access: 'admin',
  schemas: () => ({
    params: idParams(),
    body: z.object({
      first_name: text(300).optional(),
      last_name: text(300).optional(),
      email: text(300).optional(),
      role: z.enum(ROLES).optional(),
      language: languageSchema().optional(),
    }),
    response: z.object({ detail: z.string(), user: userAnswer() }),
  }),
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/users/{id}/delete/',
  access: 'admin',
  schemas: () => ({
    params: idParams(),
    response: z.object({ detail: z.string() }),
  }),
});

/** users.xlsx with columns name, username, email, role, date_joined. */
export const downloadUsersSheet = defineRoute({
  method: 'GET',
  path: '/api/users/download-excel/',
  access: 'admin',
});

export const uploadStats = /* @__PURE__ */ lazy(() =>
  z.object({
    total_rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.number().int(),
    /** `row` is the sheet's own row number (the header is row 1). */
    error_details: z.array(z.object({ row: z.number().int(), username: z.string(), error: z.string() })),
  }),
);
export type UploadStats = z.infer<ReturnType<typeof uploadStats>>;

/** Multipart, field `file`: an .xlsx or .xls with columns name, username, email, role (or 이름, 사용자명, 이메일, 역할). */
export const uploadUsersSheet = defineRoute({
  method: 'POST',
  path: '/api/users/upload-excel/',
  access: 'admin',
  bodyKind: 'multipart',
  schemas: () => ({
    body: z.object({ file: z.unknown().optional() }).passthrough(),
    response: z.object({ message: z.string(), stats: uploadStats() }),
  }),
});

/**
 * The member picker's user search (username prefix, at most 20). Emails are personal (issue 15 finding 3): `email` is
 * filled only for site admins, and for managers of `study_id` (the member screen passes it, the server checks it);
 * everyone else gets `null` and what a picker shows: username and display name.
 */
export const searchUsers = defineRoute({
  method: 'GET',
  path: '/api/search-users/',
  access: 'signed-in',
  schemas: () => ({
    query: z.object({ q: z.string().trim().min(1).max(150), study_id: z.string().min(1).max(128).optional() }),
    response: z.object({
      users: z.array(z.object({ id: z.string(), username: z.string(), display_name: z.string(), email: z.string().nullable() })),
    }),
  }),
});
