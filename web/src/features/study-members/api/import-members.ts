import { getStudy, listStudies } from '#shared/contracts/studies.js';
import { importMembers as route, listStudyMembers } from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/members/import/ — members of `sourceStudyId` not yet in the study (same email, member code or user skipped). */
export function importMembers(studyId: string, sourceStudyId: string) {
  return writeThenInvalidate(
    () => callApi(route, { body: { study: studyId, source_study: sourceStudyId } }),
    listStudyMembers,
    getStudy,
    listStudies,
  );
}
