import { ignoredQuestions } from '#shared/contracts/questions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/questions/ignored/ — the caller's ignored question ids. */
export function useIgnoredQuestions(signedIn: boolean) {
  return useApi(ignoredQuestions, signedIn ? {} : null, { revalidateOnFocus: false, shouldRetryOnError: false });
}
