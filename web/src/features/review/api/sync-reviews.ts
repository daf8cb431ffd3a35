import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { getReviewQueue } from '#shared/contracts/review.js';
import { syncReviews, type OfflineGrade } from '#shared/contracts/review-sync.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidate } from '../../../lib/use-api.js';

/** POST /api/review-sync/ — a batch of the outbox's grades; the queue and the home count change with it. */
export async function sendOfflineGrades(records: OfflineGrade[]) {
  const answer = await callApi(syncReviews, { body: { records } });
  await invalidate(getDueToday, getReviewQueue);
  return answer;
}
