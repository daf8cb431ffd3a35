import { listStudyMembers } from '#shared/contracts/study-members.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/studies/{id}/members/ */
export function useStudyMembers(studyId: string | undefined) {
  return useApi(listStudyMembers, studyId ? { params: { id: studyId } } : null);
}
