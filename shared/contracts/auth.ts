import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { languageSchema } from '../domain/language.js';
import { userAnswer } from './user-answer.js';

const text = (max: number) => z.string().check(z.maxLength(max));

/** docs/product.md#accounts: `id` is the username the person chooses; `name` becomes first_name. */
export const register = defineRoute({
  method: 'POST',
  path: '/api/register/',
  access: 'public',
  schemas: () => ({
    body: z.object({
      id: text(300),
      name: text(300),
      email: z.nullable(z.optional(text(300))),
      affiliation: z.nullable(z.optional(text(300))),
      location: z.nullable(z.optional(text(300))),
      password: text(1024),
      /** Checked when sent; the web form checks it too. */
      password_confirm: z.optional(text(1024)),
      language: z.optional(languageSchema()),
      /** The browser's IANA zone (D120); an unknown name falls back to Asia/Seoul rather than refuse the sign-up. */
      time_zone: z.optional(text(64)),
    }),
  }),
  response: () => z.object({ success: z.literal(true), auto_login: z.boolean(), user: userAnswer() }),
});

export const login = defineRoute({
  method: 'POST',
  path: '/api/login/',
  access: 'public',
  schemas: () => ({
    body: z.object({ username: text(300), password: text(1024) }),
  }),
  response: () => z.object({ success: z.literal(true), user: userAnswer() }),
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/logout/',
  access: 'public',
  schemas: () => ({
    body: z.looseObject({}),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

export const authStatus = defineRoute({
  method: 'GET',
  path: '/api/auth/status/',
  access: 'public',
  response: () => z.object({ authenticated: z.boolean(), user: z.nullable(userAnswer()) }),
});

/**
 * Own password: {new_password, current_password}. An admin setting another user's password:
 * {password} (new_password is accepted too).
 */
export const changePassword = defineRoute({
  method: 'POST',
  path: '/api/user/{id}/change-password/',
  access: 'signed-in',
  schemas: () => ({
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    body: z.object({
      new_password: z.optional(text(1024)),
      password: z.optional(text(1024)),
      current_password: z.optional(text(1024)),
    }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

export const sendEmailVerification = defineRoute({
  method: 'POST',
  path: '/api/send-email-verification/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({}),
  }),
  response: () => z.object({ message: z.string(), email_verified: z.boolean() }),
});

export const verifyEmail = defineRoute({
  method: 'GET',
  path: '/api/verify-email/{token}/',
  access: 'public',
  schemas: () => ({
    params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(512)) }),
  }),
  response: () => z.object({ message: z.string(), email_verified: z.literal(true) }),
});

export const googleOauthConfig = defineRoute({
  method: 'GET',
  path: '/api/google-oauth/config/',
  access: 'public',
  schemas: () => ({
    query: z.object({ domain: z.optional(z.string().check(z.maxLength(253))) }),
  }),
  /** client_id is null when Google sign-in is not configured: the web app then hides its button. */
  response: () => z.object({ client_id: z.nullable(z.string()), redirect_uri: z.string() }),
});

/** `id_token` is the Google ID token (the "credential" of Google Identity Services). */
export const googleSignIn = defineRoute({
  method: 'POST',
  path: '/api/google-oauth/',
  access: 'public',
  schemas: () => ({
    body: z.object({
      id_token: z.string().check(z.minLength(1), z.maxLength(8192)),
      language: z.optional(languageSchema()),
      nonce: z.optional(z.string().check(z.maxLength(512))),
      /** The browser's IANA zone for a new account (D120); unknown names fall back to Asia/Seoul. */
      time_zone: z.optional(z.string().check(z.maxLength(64))),
    }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string(), user: userAnswer() }),
});
