import { createRandomRecommendationExam } from '#shared/contracts/daily-quiz.js';
import { listExams } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';
import { examOrThrow } from './daily-exam-answer.js';

/** POST /api/create-random-recommendation-exam/ — the same daily exam, as exam management and exam detail send it (docs/product.md#daily-quiz). */
export function createDailyExam(targetUsername: string) {
  return writeThenInvalidate(
    async () =>
      examOrThrow(
        await callApi(createRandomRecommendationExam, {
          body: { target_username: targetUsername, title: '', questions_per_exam: null, is_public: false },
        }),
      ),
    listExams,
  );
}
