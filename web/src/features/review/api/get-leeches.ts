import { listLeeches } from '#shared/contracts/review.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/review-leeches/ — the caller's questions failed 8 times or more. */
export function useLeeches(enabled = true) {
  return useApi(listLeeches, enabled ? {} : null, { shouldRetryOnError: false });
}
