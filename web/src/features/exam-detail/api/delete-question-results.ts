import { deleteQuestionResults, deleteQuestionResultsGlobal, questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/delete-question-results-global/ — the caller's own statistics of the selected questions. */
export function deleteMyQuestionResults(questionIds: string[]) {
  return writeThenInvalidate(
    () => callApi(deleteQuestionResultsGlobal, { body: { question_ids: questionIds } }),
    questionStatistics,
  );
}

/** DELETE /api/delete-question-results/ — this exam's statistics: the caller's, or everyone's with `deleteAll` (admins). */
export function deleteExamQuestionResults(examId: string, deleteAll: boolean) {
  return writeThenInvalidate(
    () => callApi(deleteQuestionResults, { body: { exam_id: examId, delete_all: deleteAll } }),
    questionStatistics,
  );
}
