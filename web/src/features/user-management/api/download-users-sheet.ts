import { downloadUsersSheet as route } from '#shared/contracts/users.js';
import { downloadFile } from '../../../lib/api-client.js';

/** GET /api/users/download-excel/ — saved as the server names it, else users.xlsx. */
export function downloadUsersSheet() {
  return downloadFile(route, {}, 'users.xlsx');
}
