import { getStudy, listStudies } from '#shared/contracts/studies.js';
import {
  createJoinRequest as route,
  listMyJoinRequests,
  listStudyJoinRequests,
} from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/study-join-request/ */
export function createJoinRequest(studyId: string, message: string) {
  return writeThenInvalidate(
    () => callApi(route, { body: { study_id: studyId, message } }),
    listMyJoinRequests,
    listStudyJoinRequests,
    getStudy,
    listStudies,
  );
}
