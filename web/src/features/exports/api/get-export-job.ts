import { getExportJob as route } from '#shared/contracts/exports.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/exports/{id}/ — a background export's state (D195); polled, so no SWR cache. */
export function getExportJob(id: string) {
  return callApi(route, { params: { id } });
}
