import { listStudies } from '#shared/contracts/studies.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * docs/product.md#random-practice: site admins see every study, others the studies they are a member of; each with its
 * task count and pool size (`with_counters`, D95), so the cards need no request of their own.
 */
export function usePracticeStudies(isAdmin: boolean, enabled = true) {
  const query = isAdmin
    ? { page_size: 100, with_counters: true }
    : { my_studies: true, page_size: 100, with_counters: true };
  return useApi(listStudies, enabled ? { query } : null, { shouldRetryOnError: false });
}
