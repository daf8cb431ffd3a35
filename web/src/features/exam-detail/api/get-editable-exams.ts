import { listExams } from '#shared/contracts/exams.js';
import { LIMITS } from '#shared/domain/limits.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exams/?my_exams=true — the targets of move and copy (the caller's own exams); null waits. */
export function useTargetExams(enabled: boolean) {
  return useApi(
    listExams,
    enabled
      ? { query: { my_exams: 'true', page_size: LIMITS.examListPageSize, select: 'id,title,title_ko,title_en' } }
      : null,
  );
}
