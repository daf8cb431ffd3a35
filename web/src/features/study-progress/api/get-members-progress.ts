import { studyMembersProgress } from '#shared/contracts/study-progress.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/study-members-progress/{studyId}/?days= — asked for only when the report says the caller manages the study. */
export function useMembersProgress(studyId: string, days: number | null, enabled: boolean) {
  return useApi(studyMembersProgress, enabled ? { params: { studyId }, query: days ? { days } : {} } : null, {
    shouldRetryOnError: false,
  });
}
