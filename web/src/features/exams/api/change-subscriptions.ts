import { bulkToggleSubscription as route, subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { listExams } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/exam-subscription/bulk-toggle/ — subscribes or unsubscribes the given exams. */
export function changeSubscriptions(examIds: string[], action: 'subscribe' | 'unsubscribe') {
  return writeThenInvalidate(() => callApi(route, { body: { exam_ids: examIds, action } }), listExams, subscribedExams);
}
