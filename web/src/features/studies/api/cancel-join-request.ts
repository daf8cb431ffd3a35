import { getStudy, listStudies } from '#shared/contracts/studies.js';
import {
  cancelJoinRequest as route,
  listMyJoinRequests,
  listStudyJoinRequests,
} from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/study-join-request/{requestId}/cancel/ */
export function cancelJoinRequest(requestId: string) {
  return writeThenInvalidate(
    () => callApi(route, { params: { id: requestId } }),
    listMyJoinRequests,
    listStudyJoinRequests,
    getStudy,
    listStudies,
  );
}
