import { advanceReviews, postponeReviews, type MoveAnswer } from '#shared/contracts/workload.js';
import { getReviewActivity } from '#shared/contracts/review-activity.js';
import { getReviewQueue } from '#shared/contracts/review.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/**
 * POST /api/review-postpone/ or /api/review-advance/ — moves up to `count` review cards; the
 * operation id makes a retry move nothing more. The due forecast is read again after.
 */
export function moveReviews(
  direction: 'postpone' | 'advance',
  count: number,
  operationId: string,
): Promise<MoveAnswer> {
  const route = direction === 'postpone' ? postponeReviews : advanceReviews;
  return writeThenInvalidate(
    () => callApi(route, { body: { operation_id: operationId, count } }),
    getReviewActivity,
    getReviewQueue,
  );
}
