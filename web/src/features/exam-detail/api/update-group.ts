import { getExam } from '#shared/contracts/exams.js';
import { bulkUpdateGroup as route } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** PATCH /api/questions/bulk-update-group/ — one group id on the selected questions of this exam. */
export function applyGroup(examId: string, questionIds: string[], groupId: string) {
  return writeThenInvalidate(
    () => callApi(route, { body: { exam_id: examId, question_ids: questionIds, group_id: groupId } }),
    getExam,
  );
}
