import { deleteMyAccount as route } from '#shared/contracts/profile.js';
import { callApi } from '../../../lib/api-client.js';

/** DELETE /api/delete-my-account/ — withdrawal; the server ends every session. */
export function deleteMyAccount() {
  return callApi(route);
}
