import { listStudies } from '#shared/contracts/studies.js';
import { useApi } from '../../../lib/use-api.js';

/** Spec 2 §2.2: site admins see every study, others the studies they are a member of. */
export function usePracticeStudies(isAdmin: boolean, enabled = true) {
  return useApi(listStudies, enabled ? { query: isAdmin ? { page_size: 100 } : { my_studies: true, page_size: 100 } } : null, { shouldRetryOnError: false });
}
