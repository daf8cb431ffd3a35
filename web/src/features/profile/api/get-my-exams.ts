import { listExams } from '../../../../../shared/contracts/exams.js';
import { LIMITS } from '../../../../../shared/domain/limits.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exams/?my_exams=true&page_size=100 — the exams the user created. */
export function useMyExams() {
  return useApi(listExams, { query: { my_exams: 'true', page_size: LIMITS.examListPageSize } });
}
