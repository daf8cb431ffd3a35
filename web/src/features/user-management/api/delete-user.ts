import { deleteUser as route } from '../../../../../shared/contracts/users.js';
import { callApi } from '../../../lib/api-client.js';

/** DELETE /api/users/{id}/delete/ */
export function deleteUser(id: string) {
  return callApi(route, { params: { id } });
}
