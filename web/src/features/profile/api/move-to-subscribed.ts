import { moveToSubscribed } from '../../../../../shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/user-exams/move-to-subscribed/ — subscribes the given exams. */
export function moveExamsToSubscribed(examIds: string[]) {
  return callApi(moveToSubscribed, { body: { exam_ids: examIds } });
}
