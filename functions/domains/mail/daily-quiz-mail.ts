import { type Language, pickLocalized } from '#shared/domain/language.js';
import { config } from '../../runtime/config.js';
import type { StoredQuestion } from '../exams/index.js';
import { escapeHtml, type Mail } from '../../runtime/mail/send-mail.js';

/**
 * The daily quiz email of one user and day, in the user's language (text and HTML): the day's
 * question titles, a link that opens today's exam (`/daily-exam`: signed-in users land on it,
 * others sign in and come back), where to change the settings, and the one-click unsubscribe
 * headers of RFC 8058 (`List-Unsubscribe` with the signed https URL, `List-Unsubscribe-Post`).
 */
const TEXTS = {
  ko: {
    subject: '오늘의 퀴즈 ({count}문제)',
    greeting: '{username}님, 오늘의 퀴즈가 준비되었습니다.',
    open: '오늘의 퀴즈 풀기',
    settings: '메일 설정(수신 여부, 문제 수)은 프로필에서 바꿀 수 있습니다: {url}',
    unsubscribe: '더 이상 받지 않으려면: {url}',
  },
  en: {
    subject: "Today's quiz: {count} questions",
    greeting: "{username}, today's quiz is ready.",
    open: "Take today's quiz",
    settings: 'Change the email settings (on or off, number of questions) in your profile: {url}',
    unsubscribe: 'To stop these emails: {url}',
  },
} as const satisfies Record<Language, Record<string, string>>;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] !== undefined ? String(params[name]) : whole));

export interface DailyQuizMailInput {
  to: string;
  username: string;
  language: Language;
  questions: StoredQuestion[];
  unsubscribeUrl: string;
  /** The user id, tagged on the message so SES bounce and complaint events name the user. */
  userId: string;
}

export function dailyQuizMail(input: DailyQuizMailInput): Mail {
  const texts = TEXTS[input.language];
  const origin = new URL(config.appOrigin).origin;
  const examUrl = `${origin}/daily-exam`;
  const profileUrl = `${origin}/profile`;
  const titles = input.questions.map(
    (q, i) => `${i + 1}. ${pickLocalized(q as Record<string, unknown>, 'title', input.language) || q.id}`,
  );
  const greeting = fill(texts.greeting, { username: input.username });
  const settings = fill(texts.settings, { url: profileUrl });
  const unsubscribe = fill(texts.unsubscribe, { url: input.unsubscribeUrl });
  const text = [greeting, '', ...titles, '', `${texts.open}: ${examUrl}`, '', settings, unsubscribe].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p><ol>${input.questions.map((_, i) => `<li>${escapeHtml(titles[i]!.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>` +
    `<p><a href="${escapeHtml(examUrl)}">${escapeHtml(texts.open)}</a></p>` +
    `<p style="color:#666;font-size:0.875em">${escapeHtml(fill(texts.settings, { url: '' }).replace(/:\s*$/, ''))}: <a href="${escapeHtml(profileUrl)}">${escapeHtml(profileUrl)}</a><br>` +
    `<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(fill(texts.unsubscribe, { url: '' }).replace(/:\s*$/, ''))}</a></p>`;
  return {
    to: input.to,
    subject: fill(texts.subject, { count: input.questions.length }),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    tags: { user_id: input.userId, kind: 'daily-quiz' },
  };
}
