import { getExamResult } from '#shared/contracts/results.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exam-result/{id}/ — one of the caller's results with every answer graded (the result detail screen). */
export function useExamResult(resultId: string) {
  return useApi(getExamResult, { params: { id: resultId } }, { shouldRetryOnError: false });
}
