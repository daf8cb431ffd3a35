import { getExam, listExams, updateExam as route } from '#shared/contracts/exams.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type ExamInfoBody = BodyOf<typeof route>;

/** PATCH /api/exam/{id}/update/ — the info card's fields or the tag manager's tags; the exam and the lists load again. */
export function updateExamInfo(examId: string, body: ExamInfoBody) {
  return writeThenInvalidate(() => callApi(route, { params: { examId }, body }), getExam, listExams);
}
