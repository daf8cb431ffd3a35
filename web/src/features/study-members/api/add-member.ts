import { getStudy, listStudies } from '#shared/contracts/studies.js';
import { addMember as route, listStudyMembers } from '#shared/contracts/study-members.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type AddMemberBody = NonNullable<CallInput<typeof route>['body']>;

/** POST /api/members/ */
export function addMember(body: AddMemberBody) {
  return writeThenInvalidate(() => callApi(route, { body }), listStudyMembers, getStudy, listStudies);
}
