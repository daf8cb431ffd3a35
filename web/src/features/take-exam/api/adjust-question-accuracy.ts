import { adjustQuestionAccuracy as route, questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/**
 * POST /api/adjust-question-accuracy/ — `clear` when the target is above the current accuracy,
 * else `ambiguous`. The statistics load again.
 */
export function adjustQuestionAccuracy(input: { examId: string; questionId: string; current: number; target: number }) {
  return writeThenInvalidate(
    () =>
      callApi(route, {
        body: {
          question_id: input.questionId,
          exam_id: input.examId,
          adjustment_type: input.target > input.current ? 'clear' : 'ambiguous',
          target_percentage: input.target,
        },
      }),
    questionStatistics,
  );
}
