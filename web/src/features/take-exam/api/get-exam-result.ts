import { getExamResult as route } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/exam-result/{id}/ — an earlier result with its details (continue mode). */
export function getExamResult(resultId: string) {
  return callApi(route, { params: { id: resultId } });
}
