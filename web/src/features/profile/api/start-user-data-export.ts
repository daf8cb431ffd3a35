import { startUserDataExport as route } from '#shared/contracts/exports.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/export-user-data/ — starts building the caller's data export in the background (202 with the job). */
export function startUserDataExport() {
  return callApi(route);
}
