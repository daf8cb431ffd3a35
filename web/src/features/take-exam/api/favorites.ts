import { favoriteExamQuestions, toggleFavorite as route } from '../../../../../shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/** POST /api/add-question-to-favorite/ — toggles; answers the new state. */
export function toggleFavorite(questionId: string, examId: string) {
  return callApi(route, { body: { question_id: questionId, exam_id: examId } });
}

/** GET /api/favorite-exam-questions/?question_id= — whether this question is a favorite of the caller. */
export function useFavoriteState(questionId: string | null, signedIn: boolean) {
  return useApi(favoriteExamQuestions, questionId && signedIn ? { query: { question_id: questionId } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
