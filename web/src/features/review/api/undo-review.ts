import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { getReviewQueue, listLeeches, undoReview } from '#shared/contracts/review.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/review-undo/ — takes back the last grade the server applied. */
export function undoLastGrade() {
  return writeThenInvalidate(() => callApi(undoReview), getReviewQueue, getDueToday, listLeeches);
}
