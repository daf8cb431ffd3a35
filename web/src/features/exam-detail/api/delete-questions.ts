import { getExam, listExams } from '#shared/contracts/exams.js';
import { deleteQuestions as route } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/delete-questions/ — removes them from this exam only; answers deleted_count. */
export function deleteQuestions(examId: string, questionIds: string[]) {
  return writeThenInvalidate(
    () => callApi(route, { body: { exam_id: examId, question_ids: questionIds } }),
    getExam,
    listExams,
  );
}
