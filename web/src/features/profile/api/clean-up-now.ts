import { manualRetentionCleanup as route } from '../../../../../shared/contracts/learning-data.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/retention-cleanup/manual/ {percentage} → deleted_count (spec 1 §7). */
export async function cleanUpNow(percentage: number): Promise<number> {
  return (await callApi(route, { body: { percentage } })).deleted_count;
}
