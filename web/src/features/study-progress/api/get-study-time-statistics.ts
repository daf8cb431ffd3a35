import { studyTimeStatistics } from '#shared/contracts/study-progress.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/study-time-statistics/{studyId}/?days= (absent days: all). */
export function useStudyTimeStatistics(studyId: string, days: number | null) {
  return useApi(
    studyTimeStatistics,
    { params: { studyId }, query: days ? { days } : {} },
    { shouldRetryOnError: false },
  );
}
