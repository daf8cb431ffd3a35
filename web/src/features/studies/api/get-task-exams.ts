import { listExams } from '#shared/contracts/exams.js';
import { LIMITS } from '#shared/domain/limits.js';
import { useApi } from '../../../lib/use-api.js';

const FIELDS = 'id,title,title_ko,title_en,display_title,total_questions,is_public';

/**
 * The exams a task may link (docs/product.md#studies): the caller's own exams and the public ones, each the
 * first page of GET /api/exams/ (the contract's 100 is the page size; the original client's 1000 predates
 * paging). `enabled` false waits (the add form is closed or the caller may not add tasks).
 */
export function useTaskExams(enabled: boolean) {
  const mine = useApi(
    listExams,
    enabled ? { query: { my_exams: 'true', page_size: LIMITS.examListPageSize, select: FIELDS } } : null,
  );
  const shared = useApi(
    listExams,
    enabled ? { query: { is_public: 'true', page_size: LIMITS.examListPageSize, select: FIELDS } } : null,
  );
  return { mine, shared };
}
