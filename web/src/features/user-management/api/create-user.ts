import { createUser as route, listUsers } from '#shared/contracts/users.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/users/create/ */
export function createUser(body: BodyOf<typeof route>) {
  return writeThenInvalidate(() => callApi(route, { body }), listUsers);
}
