import { getWorkloadForecast } from '#shared/contracts/workload.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * GET /api/review-workload/ — the retention helper's simulated year for `newPerDay` new cards a day
 * (null: wait, e.g. while the field is invalid).
 */
export function useWorkloadForecast(newPerDay: number | null) {
  return useApi(getWorkloadForecast, newPerDay === null ? null : { query: { new_cards_per_day: String(newPerDay) } }, {
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}
