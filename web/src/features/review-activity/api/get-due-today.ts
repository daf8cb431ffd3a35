import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * GET /api/due-today/ — the counts of the caller's Review screen right now (D298: one due rule); the
 * profile's "today" says these, as home does (both read this endpoint, one cache entry).
 */
export function useDueToday() {
  return useApi(getDueToday, {}, { shouldRetryOnError: false });
}
