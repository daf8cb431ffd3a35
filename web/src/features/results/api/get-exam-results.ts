import { listExamResults } from '#shared/contracts/results.js';
import { useApi } from '../../../lib/use-api.js';

/*
 * Single-page reads of GET /api/exam-results/. The chunked list of the results screen is in
 * get-exam-result-chunks.ts, so the home does not load swr/infinite.
 */

/** docs/product.md#results: the home shows the 5 newest results (3 on phones). */
export const RECENT_RESULTS_COUNT = 5;

/** GET /api/exam-results/?page_size=5 — only for a signed-in user (anonymous: no recent results). */
export function useRecentResults(enabled: boolean) {
  return useApi(listExamResults, enabled ? { query: { page_size: RECENT_RESULTS_COUNT } } : null, {
    shouldRetryOnError: false,
  });
}
