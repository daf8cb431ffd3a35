import { connectedStudies } from '#shared/contracts/exams.js';
import { getStudy, listStudies } from '#shared/contracts/studies.js';
import { deleteMember as route, listStudyMembers } from '#shared/contracts/study-members.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** docs/product.md#member-management: bulk delete, one DELETE /api/members/{id}/ per member; a failure does not stop the rest. */
export function deleteMembers(memberIds: readonly string[]): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const id of memberIds) {
        try {
          await callApi(route, { params: { id } });
          done += 1;
        } catch (error) {
          console.warn('bulk delete: one member failed', id, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    listStudyMembers,
    getStudy,
    listStudies,
    connectedStudies,
  );
}
