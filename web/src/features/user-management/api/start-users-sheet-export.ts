import { startUsersSheetExport as route } from '#shared/contracts/exports.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/users/download-excel/ — starts building the users sheet in the background (202 with the job). */
export function startUsersSheetExport() {
  return callApi(route);
}
