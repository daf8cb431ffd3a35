import { favoriteExamQuestions, toggleFavorite as route } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/add-question-to-favorite/ — toggles; answers the new state. */
export function toggleFavorite(questionId: string, examId: string) {
  return writeThenInvalidate(
    () => callApi(route, { body: { question_id: questionId, exam_id: examId } }),
    favoriteExamQuestions,
  );
}
