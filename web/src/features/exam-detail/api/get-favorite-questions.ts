import { favoriteExamQuestions } from '#shared/contracts/questions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/favorite-exam-questions/ — every favorite of the caller (the favorites view, and the star of each row). */
export function useFavoriteQuestions(enabled: boolean) {
  return useApi(favoriteExamQuestions, enabled ? {} : null, { revalidateOnFocus: false });
}
