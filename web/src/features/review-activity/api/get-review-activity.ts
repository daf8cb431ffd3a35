import { getReviewActivity } from '#shared/contracts/review-activity.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/review-activity/ — the caller's reviews per learner day, streaks and the 30-day due forecast (D171). */
export function useReviewActivity() {
  return useApi(getReviewActivity, {}, { shouldRetryOnError: false });
}
