import { searchUsers } from '#shared/contracts/users.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * GET /api/search-users/?q=&study_id= — registered users for the member forms (username prefix).
 * `study_id` lets the server answer emails to the study's managers; a blank query waits.
 */
export function useUserSearch(query: string, studyId: string) {
  const q = query.trim();
  return useApi(searchUsers, q ? { query: { q, study_id: studyId } } : null, { keepPreviousData: true });
}
