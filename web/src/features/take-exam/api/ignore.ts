import { ignoredQuestions, ignoreQuestion, unignoreQuestion } from '../../../../../shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/** POST /api/question/{id}/ignore/ (or /unignore/ to undo) — answers the new state. */
export function setIgnored(questionId: string, ignored: boolean) {
  return callApi(ignored ? ignoreQuestion : unignoreQuestion, { params: { id: questionId }, body: {} });
}

/** GET /api/questions/ignored/ — the caller's ignored question ids. */
export function useIgnoredQuestions(signedIn: boolean) {
  return useApi(ignoredQuestions, signedIn ? {} : null, { revalidateOnFocus: false, shouldRetryOnError: false });
}
