import { createSingleQuestionExam as route } from '#shared/contracts/exam-creation.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/create-single-question-exam/ — the caller's private one-question exam (reused per question). */
export function createSingleQuestionExam(examId: string, questionId: string) {
  return callApi(route, { body: { exam_id: examId, question_id: questionId } });
}
