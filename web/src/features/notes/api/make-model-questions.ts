import { notesModelQuestions } from '#shared/contracts/notes-questions.js';
import type { Language } from '#shared/domain/language.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/notes-questions/ */
export function makeModelQuestions(text: string, language: Language) {
  return callApi(notesModelQuestions, { body: { text, language } });
}
