import { resetUserStatistics as route } from '#shared/contracts/learning-data.js';
import { listExamResults, questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidateHomeCache } from '../../../lib/client-cache.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/user-statistics/reset/ {user_id} — the caller's results, summaries and statistics (docs/product.md#profile). */
export function resetStatistics(userId?: string | number) {
  const body = userId === undefined || userId === '' ? {} : { user_id: String(userId) };
  return writeThenInvalidate(
    async () => {
      const answer = await callApi(route, { body });
      invalidateHomeCache(); // docs/product.md#profile
      return answer;
    },
    listExamResults,
    questionStatistics,
  );
}
