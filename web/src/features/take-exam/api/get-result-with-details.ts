import { getExamResult } from '#shared/contracts/results.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exam-result/{id}/ as a cached read: the summary of a sitting reloaded or opened again. */
export function useResultWithDetails(resultId: string | null) {
  return useApi(getExamResult, resultId ? { params: { id: resultId } } : null, { revalidateOnFocus: false });
}
