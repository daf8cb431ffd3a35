import { moveToMyExams } from '../../../../../shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/user-exams/move-to-my-exams/ — ends the subscriptions of the given exams. */
export function moveExamsToMyExams(examIds: string[]) {
  return callApi(moveToMyExams, { body: { exam_ids: examIds } });
}
