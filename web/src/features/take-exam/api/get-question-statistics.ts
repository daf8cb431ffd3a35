import { questionStatistics } from '#shared/contracts/results.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{examId}/question-statistics/ — the caller's attempts per question (signed-in only). */
export function useQuestionStatistics(examId: string | null, signedIn: boolean) {
  return useApi(questionStatistics, examId && signedIn ? { params: { examId } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
