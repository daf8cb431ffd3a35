import { listExams } from '#shared/contracts/exams.js';
import { wrongQuestionsExam as route } from '#shared/contracts/exam-creation.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/exam/{examId}/wrong-questions/ — a new exam of the questions the caller got wrong. */
export function createWrongQuestionsExam(examId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { examId }, body: {} }), listExams);
}
