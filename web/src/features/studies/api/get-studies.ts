import { listStudies, STUDY_PAGE_SIZE_MAX } from '#shared/contracts/studies.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * Single-page reads of GET /api/studies/ (the paged list is get-study-pages.ts): the caller's
 * studies, for the home's Open Study list, the copy-tasks source and the member import.
 */
export function useMyStudies(enabled = true) {
  return useApi(listStudies, enabled ? { query: { my_studies: 'true', page_size: STUDY_PAGE_SIZE_MAX } } : null);
}
