import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { getReviewQueue, listLeeches, undoReview } from '#shared/contracts/review.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/review-undo/ — takes back this grade (several levels, newest first: D304). */
export function undoGrade(gradeId: string) {
  return writeThenInvalidate(
    () => callApi(undoReview, { body: { grade_id: gradeId } }),
    getReviewQueue,
    getDueToday,
    listLeeches,
  );
}
