import { createUser as route } from '../../../../../shared/contracts/users.js';
import type { BodyOf } from '../../../../../shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/users/create/ */
export function createUser(body: BodyOf<typeof route>) {
  return callApi(route, { body });
}
