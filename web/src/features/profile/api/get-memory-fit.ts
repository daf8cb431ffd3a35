import { getMemoryFit } from '#shared/contracts/memory-fit.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/memory-fit/ — the caller's FSRS fit and measured retention. */
export function useMemoryFit() {
  return useApi(getMemoryFit, {}, { shouldRetryOnError: false });
}
