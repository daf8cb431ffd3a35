import type { Language } from '../domain/language.js';
import { ACCOUNT_ERROR_MESSAGES } from './account-error-messages.js';
import { COMMON_ERROR_MESSAGES } from './error-messages.js';
import { EXAM_DETAIL_MESSAGES } from './exam-detail-messages.js';
import { DAILY_QUIZ_MESSAGES } from './daily-quiz-messages.js';
import { EXAM_ERROR_MESSAGES } from './exam-error-messages.js';
import { QUESTION_ERROR_MESSAGES } from './questions-error-messages.js';
import { RESULT_ERROR_MESSAGES } from './results-error-messages.js';
import { REVIEW_MESSAGES } from './review-messages.js';
import { STUDY_ERROR_MESSAGES } from './study-error-messages.js';
import { STUDY_MEMBER_ERROR_MESSAGES } from './study-member-error-messages.js';
import { STUDY_PROGRESS_ERROR_MESSAGES } from './study-progress-error-messages.js';

/**
 * The `detail` text of every stable error code, in both languages. The server answers with the
 * caller's language; the web app receives the same catalogue through GET /api/translations/.
 * Each feature keeps its codes in its own file, merged here. `{name}` placeholders are filled
 * from the error's params.
 */
const CATALOGUE: Record<string, Record<Language, string>> = {
  ...COMMON_ERROR_MESSAGES,
  ...EXAM_ERROR_MESSAGES,
  ...ACCOUNT_ERROR_MESSAGES,
  ...RESULT_ERROR_MESSAGES,
  ...QUESTION_ERROR_MESSAGES,
  ...EXAM_DETAIL_MESSAGES,
  ...STUDY_ERROR_MESSAGES,
  ...STUDY_MEMBER_ERROR_MESSAGES,
  ...DAILY_QUIZ_MESSAGES,
  ...STUDY_PROGRESS_ERROR_MESSAGES,
  ...REVIEW_MESSAGES,
};

export function errorMessage(code: string, language: Language, params: Record<string, string | number> = {}): string {
  const template = CATALOGUE[code]?.[language] ?? CATALOGUE.internal_error![language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] !== undefined ? String(params[name]) : whole,
  );
}

export function hasErrorMessage(code: string): boolean {
  return code in CATALOGUE;
}

export function allErrorMessages(language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(CATALOGUE).map(([code, texts]) => [code, texts[language]]));
}
