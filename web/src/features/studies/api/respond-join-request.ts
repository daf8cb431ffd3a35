import { getStudy, listStudies } from '#shared/contracts/studies.js';
import {
  listMyJoinRequests,
  listStudyJoinRequests,
  listStudyMembers,
  respondToJoinRequest as route,
} from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/study-join-request/{id}/respond/ — approval adds the requester as a member. */
export function respondToJoinRequest(requestId: string, status: 'approved' | 'rejected') {
  return writeThenInvalidate(
    () => callApi(route, { params: { id: requestId }, body: { status } }),
    getStudy,
    listStudies,
    listStudyJoinRequests,
    listStudyMembers,
    listMyJoinRequests,
  );
}
