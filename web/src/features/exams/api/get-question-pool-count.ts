import { questionPoolCount } from '#shared/contracts/files.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/questions/: how many questions all question files hold (the create form's pool total). */
export function useQuestionPoolCount() {
  return useApi(questionPoolCount, {});
}
