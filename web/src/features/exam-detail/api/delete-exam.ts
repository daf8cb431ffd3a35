import { deleteExam as route, listExams } from '#shared/contracts/exams.js';
import { subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/exam/{id}/ — the detail screen's form of the call (docs/product.md#exam-detail). */
export function deleteExam(examId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { examId } }), listExams, subscribedExams);
}
