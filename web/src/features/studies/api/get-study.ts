import { getStudy } from '#shared/contracts/studies.js';
import { callApi } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/studies/{id}/ — the study with its tasks, members, join requests (managers) and the caller's permissions. */
export function useStudy(studyId: string | undefined) {
  return useApi(getStudy, studyId ? { params: { id: studyId } } : null);
}

/** The same read once, outside a screen's reads: the source study of a task copy. */
export function fetchStudy(studyId: string) {
  return callApi(getStudy, { params: { id: studyId } });
}
