import { getExam } from '#shared/contracts/exams.js';
import { deleteQuestion as route } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/questions/{id}/?exam_id= — removes it from this exam only; the exam loads again. */
export function deleteQuestion(examId: string, questionId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { id: questionId }, query: { exam_id: examId } }), getExam);
}
