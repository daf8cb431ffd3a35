import { favoriteExamQuestions } from '#shared/contracts/questions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/favorite-exam-questions/?question_id= — whether this question is a favorite of the caller. */
export function useFavoriteState(questionId: string | null, signedIn: boolean) {
  return useApi(favoriteExamQuestions, questionId && signedIn ? { query: { question_id: questionId } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
