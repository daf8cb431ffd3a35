import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { userAnswer, type UserAnswer } from './user-answer.js';
import { languageSchema } from '../domain/language.js';
import { keyable } from '../domain/key-text.js';
import { ROLES } from '../domain/roles.js';

export { userAnswer, type UserAnswer };

const idParams = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
/** Free-text fields are capped here; their finer rules (formats, lengths) give specific codes in the services. */
const text = (max: number) => z.string().check(z.maxLength(max));
/** What an admin may set on an account, at creation and later. */
const profileFields = () => ({
  first_name: z.optional(text(300)),
  last_name: z.optional(text(300)),
  email: z.optional(text(300)),
  role: z.optional(z.enum(ROLES)),
  language: z.optional(languageSchema()),
});

/** Users a page of GET /api/users/ holds unless `page_size` says otherwise (at most 200). */
export const USER_PAGE_SIZE = 100;

/** GET /api/users/ (admins): users by username, `page_size` at a time; `next` is the following page's cursor. */
export const listUsers = defineRoute({
  method: 'GET',
  path: '/api/users/',
  access: 'admin',
  schemas: () => ({
    query: z.object({
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), USER_PAGE_SIZE)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
      search: keyable(z.optional(z.string().check(z.trim(), z.maxLength(150)))),
    }),
  }),
  response: () => z.object({ results: z.array(userAnswer()), next: z.nullable(z.string()) }),
});

export const createUser = defineRoute({
  method: 'POST',
  path: '/api/users/create/',
  access: 'admin',
  schemas: () => ({
    body: z.object({
      username: text(300),
      password: text(1024),
      ...profileFields(),
    }),
  }),
  response: () => z.object({ detail: z.string(), user: userAnswer() }),
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/api/users/{id}/',
  access: 'admin',
  schemas: () => ({
    params: idParams(),
    body: z.object(profileFields()),
  }),
  response: () => z.object({ detail: z.string(), user: userAnswer() }),
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/users/{id}/delete/',
  access: 'admin',
  schemas: () => ({
    params: idParams(),
  }),
  response: () => z.object({ detail: z.string() }),
});

/** users.xlsx with columns name, username, email, role, date_joined. */
export const downloadUsersSheet = defineRoute({
  method: 'GET',
  path: '/api/users/download-excel/',
  access: 'admin',
});

export const uploadStats = /* @__PURE__ */ lazy(() =>
  z.object({
    total_rows: z.number().check(z.int()),
    created: z.number().check(z.int()),
    updated: z.number().check(z.int()),
    errors: z.number().check(z.int()),
    /** `row` is the sheet's own row number (the header is row 1). */
    error_details: z.array(z.object({ row: z.number().check(z.int()), username: z.string(), error: z.string() })),
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
    body: z.looseObject({ file: z.optional(z.unknown()) }),
  }),
  response: () => z.object({ message: z.string(), stats: uploadStats() }),
});

/**
 * The member picker's user search (username prefix, at most 20). Emails are personal: `email` is
 * filled only for site admins, and for managers of `study_id` (the member screen passes it, the server checks it);
 * everyone else gets `null` and what a picker shows: username and display name.
 */
export const searchUsers = defineRoute({
  method: 'GET',
  path: '/api/search-users/',
  access: 'signed-in',
  schemas: () => ({
    query: z.object({
      q: keyable(z.string().check(z.trim(), z.minLength(1), z.maxLength(150))),
      study_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
    }),
  }),
  response: () =>
    z.object({
      users: z.array(
        z.object({ id: z.string(), username: z.string(), display_name: z.string(), email: z.nullable(z.string()) }),
      ),
    }),
});
