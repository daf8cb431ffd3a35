import { studyProgressHistory } from '#shared/contracts/study-progress.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/study-progress-history/{studyId}/?days= (absent days: all). */
export function useStudyProgressHistory(studyId: string, days: number | null) {
  return useApi(
    studyProgressHistory,
    { params: { studyId }, query: days ? { days } : {} },
    { shouldRetryOnError: false },
  );
}
