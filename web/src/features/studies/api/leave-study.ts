import { connectedStudies } from '#shared/contracts/exams.js';
import { getStudy, listStudies } from '#shared/contracts/studies.js';
import {
  deleteMember,
  listMyJoinRequests,
  listStudyMembers,
  removeMyJoinRequest,
} from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/**
 * docs/product.md#studies: leaving deletes the caller's own member row (DELETE /api/members/{id}/), then tries to
 * remove their join request for the study (DELETE /api/study-join-request/user/{studyId}/); a
 * failure of that second call is ignored.
 */
export function leaveStudy(studyId: string, memberId: string): Promise<void> {
  return writeThenInvalidate(
    async () => {
      await callApi(deleteMember, { params: { id: memberId } });
      try {
        await callApi(removeMyJoinRequest, { params: { studyId } });
      } catch (error) {
        console.warn('leave study: the join request was not removed', error);
      }
    },
    getStudy,
    listStudies,
    listStudyMembers,
    listMyJoinRequests,
    connectedStudies,
  );
}
