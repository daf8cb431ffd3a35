import { subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/user-exams/subscribed-exams/ */
export function useSubscribedExams() {
  return useApi(subscribedExams);
}
