import { createStudy as route, listStudies } from '#shared/contracts/studies.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type CreateStudyBody = NonNullable<CallInput<typeof route>['body']>;

/** POST /api/studies/ */
export function createStudy(body: CreateStudyBody) {
  return writeThenInvalidate(() => callApi(route, { body }), listStudies);
}
