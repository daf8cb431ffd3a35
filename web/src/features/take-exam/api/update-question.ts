import { getExam } from '#shared/contracts/exams.js';
import { updateQuestion as route } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';
import type { QuestionFormBody } from './add-question.js';

/** PATCH /api/questions/{id}/update/ — edits the question inside this exam only; the exam loads again. */
export function updateQuestion(examId: string, questionId: string, body: QuestionFormBody) {
  return writeThenInvalidate(
    () => callApi(route, { params: { id: questionId }, body: { ...body, exam_id: examId } }),
    getExam,
  );
}
