import { randomBytes } from 'node:crypto';

import type { Language } from '#shared/domain/language.js';
import { allErrorMessages } from '#shared/i18n/catalogue.js';
import { DOMAIN_LABELS } from '#shared/i18n/domain-labels.js';
import { COOKIE, cookieName, serializeCookie } from './cookies.js';
import { jsonReply, type Reply } from './reply.js';
import type { RequestContext } from './types.js';

const CSRF_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Keeps a well-formed existing token so several open tabs keep working; otherwise issues one. */
export async function issueCsrfToken(ctx: RequestContext): Promise<Reply> {
  const existing = ctx.cookies[cookieName(COOKIE.csrf)];
  const token = existing && /^[A-Za-z0-9_-]{32,}$/.test(existing) ? existing : randomBytes(32).toString('base64url');
  // Readable by the page on purpose: the client echoes it in the X-CSRFToken header.
  return jsonReply(
    { csrfToken: token },
    { cookies: [serializeCookie(COOKIE.csrf, token, { httpOnly: false, maxAgeSeconds: CSRF_COOKIE_MAX_AGE })] },
  );
}

/** The client's start-up probe: reaching this service means the CSRF check passed. */
export async function confirmCsrf() {
  return { success: true as const, message: 'CSRF token accepted' };
}

export type Translations = ReturnType<typeof translationsFor>;

export function translationsFor(language: Language) {
  return { errors: allErrorMessages(language), ...DOMAIN_LABELS[language] };
}

export async function serveTranslations(input: { query: { lang: Language } }): Promise<Reply> {
  const { lang } = input.query;
  // Same for everyone and only changes with a deploy: let browsers and CloudFront keep it briefly.
  return jsonReply(
    { language: lang, translations: translationsFor(lang) },
    { headers: { 'cache-control': 'public, max-age=300' } },
  );
}
