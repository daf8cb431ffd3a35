import { deleteExamLegacy as route, listExams } from '#shared/contracts/exams.js';
import { subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/exam/{id}/delete/ — the exam management form of the call (docs/product.md#exam-management). */
export function deleteExam(examId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { examId } }), listExams, subscribedExams);
}

/**
 * docs/product.md#exam-management: a bulk delete is one call per exam, one after another; a failure does not stop the
 * rest. The lists load again once, at the end.
 */
export function deleteExams(examIds: readonly string[]): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const examId of examIds) {
        try {
          await callApi(route, { params: { examId } });
          done += 1;
        } catch (error) {
          console.warn('bulk delete: one exam failed', examId, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    listExams,
    subscribedExams,
  );
}
