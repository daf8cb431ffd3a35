import { getExam } from '#shared/contracts/exams.js';
import { preloadApi, useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{examId}/ — the exam with its questions, flags and the caller's rights. */
export function useExam(examId: string | null) {
  return useApi(getExam, examId ? { params: { examId } } : null, { revalidateOnFocus: false });
}

/** The same read, started by the route before the screen's chunk has arrived (app/router.tsx). */
export function preloadExam(examId: string) {
  preloadApi(getExam, { params: { examId } });
}
