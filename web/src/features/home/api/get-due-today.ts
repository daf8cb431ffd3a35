import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/due-today/ — the counts of the caller's Review screen right now (D298: one due rule). */
export function useDueToday(enabled = true) {
  return useApi(getDueToday, enabled ? {} : null, { shouldRetryOnError: false });
}
