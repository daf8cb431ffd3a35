import { getExam } from '#shared/contracts/exams.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{examId}/ — the exam with its questions, flags and the caller's rights. */
export function useExam(examId: string | null) {
  return useApi(getExam, examId ? { params: { examId } } : null, { revalidateOnFocus: false });
}
