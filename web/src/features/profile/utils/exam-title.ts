import type { Language } from '../../../../../shared/domain/language.js';

/** Spec 3: the user's daily exam is titled "Today's Quizzes for {username}". */
export const DAILY_QUIZ_TITLE_PREFIX = "Today's Quizzes for";

export interface TitledExam {
  title?: string | null;
  title_ko?: string | null;
  title_en?: string | null;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Spec 1 §3: Korean prefers title_ko, then title_en, then title; English prefers title_en, then
 * title_ko, then title; `fallback` when there is none.
 */
export function examDisplayTitle(exam: TitledExam, language: Language, fallback: string): string {
  const order = language === 'ko' ? [exam.title_ko, exam.title_en, exam.title] : [exam.title_en, exam.title_ko, exam.title];
  return order.find(present)?.trim() ?? fallback;
}

/** Daily quiz exams are hidden from My Exams (spec 1 §2). */
export function isDailyQuizExam(exam: TitledExam): boolean {
  return [exam.title, exam.title_ko, exam.title_en].some((title) => present(title) && title.trim().startsWith(DAILY_QUIZ_TITLE_PREFIX));
}
