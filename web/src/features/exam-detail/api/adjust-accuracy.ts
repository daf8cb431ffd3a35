import { bulkAdjustUserAccuracy as route, questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/bulk-adjust-user-accuracy/ — the caller's own accuracy on the given questions (all when empty). */
export function adjustAccuracy(input: {
  examId: string;
  username: string;
  questionIds: string[];
  percentage: number;
  direction: 'increase' | 'decrease';
}) {
  return writeThenInvalidate(
    () =>
      callApi(route, {
        body: {
          target_username: input.username,
          exam_id: input.examId,
          question_ids: input.questionIds,
          adjustment_percentage: input.percentage,
          adjustment_type: input.direction,
        },
      }),
    questionStatistics,
  );
}
