import { ignoredQuestions, ignoreQuestion, unignoreQuestion } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/question/{id}/ignore/ (or /unignore/ to undo) — answers the new state. */
export function setIgnored(questionId: string, ignored: boolean) {
  return writeThenInvalidate(
    () => callApi(ignored ? ignoreQuestion : unignoreQuestion, { params: { id: questionId }, body: {} }),
    ignoredQuestions,
  );
}
