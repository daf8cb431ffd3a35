import { resetUserStatistics as route } from '../../../../../shared/contracts/learning-data.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/user-statistics/reset/ {user_id} — the caller's results, summaries and statistics (spec 1 §7). */
export function resetStatistics(userId?: string | number) {
  return callApi(route, { body: userId === undefined || userId === '' ? {} : { user_id: String(userId) } });
}
