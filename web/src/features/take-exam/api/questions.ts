import { addQuestion as addRoute, deleteQuestion as deleteRoute, updateQuestion as updateRoute } from '../../../../../shared/contracts/questions.js';
import type { BodyOf } from '../../../../../shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';

export type QuestionFormBody = BodyOf<typeof addRoute>;

/** PATCH /api/questions/{id}/update/ — edits the question inside this exam only. */
export function updateQuestion(examId: string, questionId: string, body: QuestionFormBody) {
  return callApi(updateRoute, { params: { id: questionId }, body: { ...body, exam_id: examId } });
}

/** POST /api/exam/{examId}/add-question/ */
export function addQuestion(examId: string, body: QuestionFormBody) {
  return callApi(addRoute, { params: { examId }, body });
}

/** DELETE /api/questions/{id}/?exam_id= — removes it from this exam only. */
export function deleteQuestion(examId: string, questionId: string) {
  return callApi(deleteRoute, { params: { id: questionId }, query: { exam_id: examId } });
}
