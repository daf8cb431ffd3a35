import type * as contracts from '#shared/contracts/daily-quiz.js';
import type { Language } from '#shared/domain/language.js';
import { getUser } from '../users/index.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { htmlReply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { turnDailyMailOff } from './daily-mail-opt-out.js';
import { escapeHtml } from '../../runtime/mail/send-mail.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';
import { errorMessage } from '#shared/i18n/catalogue.js';

/**
 * The daily mail's one-click unsubscribe (RFC 8058). GET: a small page in the user's language with
 * the button (a form POST to the same URL). POST — the mail client's `List-Unsubscribe=One-Click`
 * request or that button, without cookie or CSRF token — turns the daily mail off. A tampered or
 * expired token changes nothing (400 page).
 */
const TEXTS = {
  ko: {
    title: '오늘의 퀴즈 메일 수신 거부',
    ask: '오늘의 퀴즈 메일을 더 이상 받지 않으시겠습니까?',
    button: '수신 거부',
    done: '오늘의 퀴즈 메일 수신을 해제했습니다. 프로필에서 언제든 다시 켤 수 있습니다.',
    home: '홈으로',
  },
  en: {
    title: 'Unsubscribe from the daily quiz email',
    ask: 'Stop receiving the daily quiz email?',
    button: 'Unsubscribe',
    done: 'You will no longer receive the daily quiz email. You can turn it back on in your profile at any time.',
    home: 'Home',
  },
} as const satisfies Record<Language, Record<string, string>>;

function page(language: Language, heading: string, body: string, status = 200) {
  const t = TEXTS[language];
  return htmlReply(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(t.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center">` +
      `<h1 style="font-size:1.25rem">${escapeHtml(heading)}</h1>${body}<p><a href="/">${escapeHtml(t.home)}</a></p></body></html>`,
    status,
  );
}

const invalid = (language: Language) => page(language, errorMessage('daily_mail_link_invalid', language), '', 400);

export async function dailyMailUnsubscribePage(
  input: ServiceInput<typeof contracts.dailyMailUnsubscribePage>,
  ctx: RequestContext,
) {
  const userId = await verifyUnsubscribeToken(input.query.token);
  const user = userId ? await getUser(userId) : null;
  if (!user) return invalid(ctx.language);
  const t = TEXTS[user.language];
  const action = `/api/daily-quiz-email/unsubscribe/?token=${encodeURIComponent(input.query.token)}`;
  return page(
    user.language,
    t.ask,
    `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:0.5rem 1.25rem">${escapeHtml(t.button)}</button></form>`,
  );
}

export async function dailyMailUnsubscribe(
  input: ServiceInput<typeof contracts.dailyMailUnsubscribe>,
  ctx: RequestContext,
) {
  const userId = await verifyUnsubscribeToken(input.query.token);
  const user = userId ? await turnDailyMailOff(userId) : null;
  if (!user) return invalid(ctx.language);
  return page(user.language, TEXTS[user.language].done, '');
}
