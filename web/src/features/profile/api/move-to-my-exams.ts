import { listExams } from '#shared/contracts/exams.js';
import { moveToMyExams, subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/user-exams/move-to-my-exams/ — ends the subscriptions of the given exams. */
export function moveExamsToMyExams(examIds: string[]) {
  return writeThenInvalidate(() => callApi(moveToMyExams, { body: { exam_ids: examIds } }), subscribedExams, listExams);
}
