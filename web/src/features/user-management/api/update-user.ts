import { updateUser as route } from '../../../../../shared/contracts/users.js';
import type { BodyOf } from '../../../../../shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';

/** PUT /api/users/{id}/ */
export function updateUser(id: string, body: BodyOf<typeof route>) {
  return callApi(route, { params: { id }, body });
}
