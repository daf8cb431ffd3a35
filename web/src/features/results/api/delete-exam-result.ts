import { deleteExamResult as route, listExamResults, questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/exam-result/{id}/ */
export function deleteExamResult(resultId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { id: resultId } }), listExamResults, questionStatistics);
}
