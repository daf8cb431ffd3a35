import { listExams } from '#shared/contracts/exams.js';
import { moveToSubscribed, subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/user-exams/move-to-subscribed/ — subscribes the given exams. */
export function moveExamsToSubscribed(examIds: string[]) {
  return writeThenInvalidate(
    () => callApi(moveToSubscribed, { body: { exam_ids: examIds } }),
    subscribedExams,
    listExams,
  );
}
