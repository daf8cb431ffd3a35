import { getReviewQueue } from '#shared/contracts/review.js';
import { useApi } from '../../../lib/use-api.js';

export interface ReviewFilter {
  exam_id?: string;
  study_id?: string;
}

/** GET /api/review-queue/ — the next cards to review (due, then new up to the day's limit, then learning steps). */
export function useReviewQueue(filter: ReviewFilter) {
  return useApi(getReviewQueue, { query: { ...filter } }, { revalidateOnFocus: false, shouldRetryOnError: false });
}
