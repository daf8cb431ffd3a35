import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { buryReview } from '#shared/contracts/review.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidate } from '../../../lib/use-api.js';

/**
 * POST /api/review-bury/ — buries the card until the learner's next day, or brings it back (undo).
 * The Review screen hides the card itself; the home count is read again.
 */
export async function buryCard(questionId: string, buried: boolean) {
  const answer = await callApi(buryReview, { body: { question_id: questionId, buried } });
  await invalidate(getDueToday);
  return answer;
}
