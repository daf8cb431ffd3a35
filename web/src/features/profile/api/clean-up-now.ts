import { manualRetentionCleanup as route } from '../../../../../shared/contracts/learning-data.js';
import { listExamResults } from '../../../../../shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/retention-cleanup/manual/ {percentage} → deleted_count (spec 1 §7). */
export async function cleanUpNow(percentage: number): Promise<number> {
  return (await writeThenInvalidate(() => callApi(route, { body: { percentage } }), listExamResults)).deleted_count;
}
