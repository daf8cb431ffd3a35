import { checkExistingFile } from '#shared/contracts/files.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/question-files/check-existing/{name}/ */
export function checkExisting(name: string) {
  return callApi(checkExistingFile, { params: { name } });
}
