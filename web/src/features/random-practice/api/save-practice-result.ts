import { saveRandomPracticeResult } from '#shared/contracts/study-progress.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/save-random-practice-result/ (no cached read shows practice runs). */
export function savePracticeResult(body: {
  study_id: string;
  correct_count: number;
  total_questions: number;
  elapsed_seconds: number;
}) {
  return callApi(saveRandomPracticeResult, { body });
}
