import { pickLocalized, type Language } from './language.js';

/** The daily exam a user gets is titled "Today's Quizzes for {username}" (docs/product.md#daily-quiz). */
export const DAILY_QUIZ_TITLE_PREFIX = "Today's Quizzes for";

export interface TitledExam {
  title?: string | null;
  title_ko?: string | null;
  title_en?: string | null;
}

/**
 * docs/product.md#exam-management: Korean prefers title_ko, then title_en, then title; English the other way round;
 * `fallback` when there is none.
 */
export function examDisplayTitle(exam: TitledExam, language: Language, fallback: string): string {
  return viewerTitle(pickLocalized(exam as Record<string, unknown>, 'title', language).trim(), language) || fallback;
}

/**
 * A title as the viewer reads it (D302): a daily-quiz title — stored in its one recognised spelling —
 * speaks the viewer's language ("bora님의 오늘의 퀴즈"); any other title is returned as it is.
 */
export function viewerTitle(title: string, language: Language): string {
  const trimmed = title.trim();
  const prefix = `${DAILY_QUIZ_TITLE_PREFIX} `;
  if (language !== 'ko' || !trimmed.startsWith(prefix)) return title;
  // A second random exam of the day carries a ` #xxxx` suffix (shared/contracts/exam-creation.ts): it stays last.
  const [, name, suffix = ''] = /^(.*?)( #[0-9a-z]{4})?$/.exec(trimmed.slice(prefix.length))!;
  return `${name}님의 오늘의 퀴즈${suffix}`;
}

/** Daily quiz exams are hidden from My Exams (docs/product.md#exam-management). */
export function isDailyQuizExam(exam: TitledExam): boolean {
  return [exam.title, exam.title_ko, exam.title_en].some(
    (title) => typeof title === 'string' && title.trim().startsWith(DAILY_QUIZ_TITLE_PREFIX),
  );
}

/**
 * The daily-quiz title of a user: the daily exam's title, and the default title of a random exam
 * made on the exam detail screen (docs/product.md#exam-management). One spelling in both languages — docs/product.md#roles
 * recognises a daily exam by exactly this title, so it is not translated.
 */
export function dailyQuizTitle(username: string): string {
  return `${DAILY_QUIZ_TITLE_PREFIX} ${username}`;
}
