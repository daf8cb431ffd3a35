import { pickLocalized, type Language } from './language.js';

/** The daily exam a user gets is titled "Today's Quizzes for {username}" (spec 3). */
export const DAILY_QUIZ_TITLE_PREFIX = "Today's Quizzes for";

/** The title of a user's daily exam, in every language (spec 3 §6): "Today's Quizzes for {username}". */
export function dailyQuizTitle(username: string): string {
  return `${DAILY_QUIZ_TITLE_PREFIX} ${username}`;
}

export interface TitledExam {
  title?: string | null;
  title_ko?: string | null;
  title_en?: string | null;
}

/**
 * Spec 1 §3: Korean prefers title_ko, then title_en, then title; English the other way round;
 * `fallback` when there is none.
 */
export function examDisplayTitle(exam: TitledExam, language: Language, fallback: string): string {
  return pickLocalized(exam as Record<string, unknown>, 'title', language).trim() || fallback;
}

/** Daily quiz exams are hidden from My Exams (spec 1 §2). */
export function isDailyQuizExam(exam: TitledExam): boolean {
  return [exam.title, exam.title_ko, exam.title_en].some((title) => typeof title === 'string' && title.trim().startsWith(DAILY_QUIZ_TITLE_PREFIX));
}
