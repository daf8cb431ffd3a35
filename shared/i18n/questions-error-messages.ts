import type { Language } from '../domain/language.js';

/** Error codes (and result messages) of question edits, favorites, ignore, answer evaluation, single-question exams and short links (issue 5). */
export const QUESTION_ERROR_MESSAGES = {
} satisfies Record<string, Record<Language, string>>;
