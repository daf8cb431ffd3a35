import { listExams, toggleOriginal as route } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** Admin: marks an exam as the original of its versions, or back as a copy. */
export function toggleOriginal(examId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { examId }, body: {} }), listExams);
}
