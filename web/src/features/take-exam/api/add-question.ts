import { getExam } from '#shared/contracts/exams.js';
import { addQuestion as route } from '#shared/contracts/questions.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type QuestionFormBody = BodyOf<typeof route>;

/** POST /api/exam/{examId}/add-question/ — the exam loads again before this resolves. */
export function addQuestion(examId: string, body: QuestionFormBody) {
  return writeThenInvalidate(() => callApi(route, { params: { examId }, body }), getExam);
}
