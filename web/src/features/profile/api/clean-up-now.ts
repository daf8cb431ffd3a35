import { manualRetentionCleanup as route } from '#shared/contracts/learning-data.js';
import { listExamResults } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidateHomeCache } from '../../../lib/client-cache.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/retention-cleanup/manual/ {percentage} → deleted_count (docs/product.md#profile). */
export async function cleanUpNow(percentage: number): Promise<number> {
  const answer = await writeThenInvalidate(() => callApi(route, { body: { percentage } }), listExamResults);
  // The home screen lists recent results: cached ones may be gone now.
  if (answer.deleted_count > 0) invalidateHomeCache();
  return answer.deleted_count;
}
