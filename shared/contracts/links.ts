import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';

export const SHORT_LINK_DEFAULT_DAYS = 30;
export const SHORT_LINK_MAX_DAYS = 365;

/**
 * POST /api/short-url/create/: a short code for a page of this site. `url` may be absolute (it
 * must then be this site's origin) or a path; anything else (another host, `javascript:`,
 * `//host`) is refused with 400 `short_link_external`. The same URL answers the same live code.
 */
export const createShortUrl = defineRoute({
  method: 'POST',
  path: '/api/short-url/create/',
  access: 'public',
  schemas: () => ({
    body: z.looseObject({
      url: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
      expires_days: z._default(
        z.coerce.number().check(z.int(), z.gte(1), z.lte(SHORT_LINK_MAX_DAYS)),
        SHORT_LINK_DEFAULT_DAYS,
      ),
    }),
  }),
  response: () =>
    z.object({ success: z.literal(true), short_url: z.string(), short_code: z.string(), expires_at: z.string() }),
});

/**
 * GET /s/{shortCode}: 302 to the stored path (same site only). Unknown → 404, expired → 410
 * (small HTML pages in the caller's language); a private exam target for an anonymous visitor →
 * 302 to /login?returnTo=<path>.
 */
export const followShortLink = defineRoute({
  method: 'GET',
  path: '/s/{shortCode}',
  access: 'public',
  answersPage: true,
  schemas: () => ({
    params: z.object({ shortCode: z.string().check(z.minLength(1), z.maxLength(32)) }),
  }),
});
