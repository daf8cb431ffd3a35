import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/due-today/ — the caller's cards due by the end of their learner day (D120). */
export function useDueToday(enabled = true) {
  return useApi(getDueToday, enabled ? {} : null, { shouldRetryOnError: false });
}
