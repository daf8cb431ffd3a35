import { deleteStudy as route, getStudy, listStudies } from '#shared/contracts/studies.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/studies/{id}/ */
export function deleteStudy(studyId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { id: studyId } }), listStudies, getStudy);
}
