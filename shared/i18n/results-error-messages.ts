import type { Language } from '../domain/language.js';

/** Error codes (and result messages) of results, submits, statistics and accuracy adjustment (issue 5). */
export const RESULT_ERROR_MESSAGES = {
} satisfies Record<string, Record<Language, string>>;
