import { listUsers, uploadUsersSheet as route } from '#shared/contracts/users.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/users/upload-excel/ — multipart, field `file`. */
export function uploadUsersSheet(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return writeThenInvalidate(() => callApi(route, { body }), listUsers);
}
