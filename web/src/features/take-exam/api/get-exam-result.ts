import { getExamResult as route } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { withAllDetails } from '../../results/index.js';

/** GET /api/exam-result/{id}/ — an earlier result with all its details, page by page (continue mode, D197). */
export async function getExamResult(resultId: string) {
  return withAllDetails(await callApi(route, { params: { id: resultId } }));
}
