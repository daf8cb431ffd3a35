import { getOfflineReview } from '#shared/contracts/review-offline.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/review-offline/ — the download for offline study (the whole queue, or one exam's). */
export function fetchOfflineReview(examId: string | undefined) {
  return callApi(getOfflineReview, { query: examId ? { exam_id: examId } : {} });
}
