import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client.js';
import { getExamResult } from './get-exam-result.js';

/** GET /api/exam-result/{id}/ with every page of details (D197), cached: the summary of a sitting reloaded or opened again. */
export function useResultWithDetails(resultId: string | null) {
  return useSWR<Awaited<ReturnType<typeof getExamResult>>, ApiError>(
    resultId ? ['exam-result-with-details', resultId] : null,
    () => getExamResult(resultId!),
    { revalidateOnFocus: false },
  );
}
