import { listUsers, updateUser as route } from '#shared/contracts/users.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** PUT /api/users/{id}/ */
export function updateUser(id: string, body: BodyOf<typeof route>) {
  return writeThenInvalidate(() => callApi(route, { params: { id }, body }), listUsers);
}
