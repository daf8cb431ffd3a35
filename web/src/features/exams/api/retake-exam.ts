import { listExams } from '#shared/contracts/exams.js';
import { retakeExam as route } from '#shared/contracts/exam-creation.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/exam/{examId}/retake/ — a copy of the exam for the caller. */
export function retakeExam(examId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { examId }, body: {} }), listExams);
}
