import { getStudy, listStudies, updateStudy as route } from '#shared/contracts/studies.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type UpdateStudyBody = NonNullable<CallInput<typeof route>['body']>;

/** PATCH /api/studies/{id}/ — the info card's save, or `{ tags }` alone from the tag manager. */
export function updateStudy(studyId: string, body: UpdateStudyBody) {
  return writeThenInvalidate(() => callApi(route, { params: { id: studyId }, body }), getStudy, listStudies);
}
