import type * as contracts from '#shared/contracts/links.js';
import type { Language } from '#shared/domain/language.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { blockedFor, recordHit, type ThrottleRule } from '../users/index.js';
import { config } from '../../runtime/config.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError, tooManyRequests } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { htmlReply, redirectReply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { findExam } from '../exams/index.js';
import { getShortLink, liveLinkFor, saveShortLink } from './short-link-store.js';
import { SHORT_CODE, escapeHtml, examIdOfTarget, newShortCode, sameSiteTarget } from './targets.js';

/** Short links anonymous visitors may create per client address and hour. */
export const SHORT_LINKS_PER_IP: ThrottleRule = { scope: 'short-link-ip', limit: 30, windowSeconds: () => 3600 };

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const answer = (code: string, expiresAt: number) => ({
  success: true as const,
  short_url: `${new URL(config.appOrigin).origin}/s/${code}`,
  short_code: code,
  expires_at: new Date(expiresAt * 1000).toISOString(),
});

/**
 * POST /api/short-url/create/ (G4). Anonymous callers: GetItem + UpdateItem of their address's
 * throttle counter. Then GetItem claim (+ GetItem link) → the live code for this URL, else one
 * transaction (Put link, Put claim), retried with a new code on a collision.
 */
export async function createShortUrl(input: ServiceInput<typeof contracts.createShortUrl>, ctx: RequestContext) {
  const url = sameSiteTarget(input.body.url, config.appOrigin);
  if (!url) throw new AppError(400, 'short_link_external');
  if (!ctx.caller) {
    const wait = await blockedFor(SHORT_LINKS_PER_IP, ctx.sourceIp);
    if (wait > 0) throw tooManyRequests(wait);
    await recordHit(SHORT_LINKS_PER_IP, ctx.sourceIp);
  }
  const now = nowSeconds();
  for (let attempt = 0; attempt < 5; attempt++) {
    const live = await liveLinkFor(url, now);
    if (live) return answer(live.code, live.expiresAt);
    const link = {
      code: newShortCode(),
      url,
      createdBy: ctx.caller?.user.id ?? null,
      createdAt: now,
      expiresAt: now + input.body.expires_days * DAY,
    };
    const outcome = await saveShortLink(link, now);
    if (outcome === 'saved') return answer(link.code, link.expiresAt);
  }
  throw new AppError(409, 'conflict');
}

function page(language: Language, status: 404 | 410) {
  const message = errorMessage(status === 404 ? 'short_link_not_found' : 'short_link_expired', language);
  const home = errorMessage('short_link_home', language);
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(message)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center">` +
    `<h1 style="font-size:1.25rem">${escapeHtml(message)}</h1><p><a href="/">${escapeHtml(home)}</a></p></body></html>`;
  return htmlReply(html, status);
}

/**
 * GET /s/{shortCode} (G5): GetItem `SHORT#<code>` → 404 page when missing, 410 page when
 * `expiresAt` has passed (checked here; TTL deletion is lazy) → 302 to the stored path. An
 * anonymous visitor of a private exam's page (+ 1 GetItem EXAM) goes to /login?returnTo=<path>.
 */
export async function followShortLink(input: ServiceInput<typeof contracts.followShortLink>, ctx: RequestContext) {
  const code = input.params.shortCode;
  const link = SHORT_CODE.test(code) ? await getShortLink(code) : null;
  if (!link) return page(ctx.language, 404);
  if (Number(link.expiresAt) <= nowSeconds()) return page(ctx.language, 410);
  // Defence in depth: only ever redirect within the site, whatever the item says.
  const path = sameSiteTarget(String(link.url), config.appOrigin);
  if (!path) return page(ctx.language, 404);
  if (!ctx.caller) {
    const examId = examIdOfTarget(path);
    if (examId && GENERATED_ID.test(examId)) {
      const exam = await findExam(examId);
      if (exam && !exam.is_public) return redirectReply(`/login?returnTo=${encodeURIComponent(path)}`);
    }
  }
  return redirectReply(path);
}
