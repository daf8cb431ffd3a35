import { connectedStudies } from '#shared/contracts/exams.js';
import { getStudy, listStudies } from '#shared/contracts/studies.js';
import { listStudyMembers, updateMember as route } from '#shared/contracts/study-members.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type UpdateMemberBody = NonNullable<CallInput<typeof route>['body']>;
const changed = [listStudyMembers, getStudy, listStudies, connectedStudies];

/** PUT /api/members/{id}/ — inline edit and linking a user (`user`, null unlinks). */
export function updateMember(memberId: string, body: UpdateMemberBody) {
  return writeThenInvalidate(() => callApi(route, { params: { id: memberId }, body }), ...changed);
}

/** docs/product.md#member-management: bulk activate / deactivate, one PUT per member; a failure does not stop the rest. */
export function setMembersActive(
  memberIds: readonly string[],
  isActive: boolean,
): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const id of memberIds) {
        try {
          await callApi(route, { params: { id }, body: { is_active: isActive } });
          done += 1;
        } catch (error) {
          console.warn('bulk activation: one member failed', id, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    ...changed,
  );
}
