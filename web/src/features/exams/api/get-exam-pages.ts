import { listExams } from '#shared/contracts/exams.js';
import { useApiPages } from '../../../lib/use-api-pages.js';
import type { ExamListQuery } from './get-exams.js';

/**
 * GET /api/exams/ page after page (docs/product.md#exam-management, page size 100); `loadMore` grows the list. Every
 * write that changes exams invalidates it, so no filter combination comes back from the cache as
 * it was before the change; the list on screen stays put until the fresh answer replaces it.
 */
export function useExamPages(query: ExamListQuery | null) {
  // Asked again on every mount, never deduplicated: coming back from a sitting that ended within SWR's 2 s
  // window otherwise showed the list as it was before (a learner's new exam missing, issue 14's finding 1).
  const list = useApiPages(listExams, query, { keepPreviousData: true, dedupingInterval: 0 });
  return { ...list, exams: list.pages.flatMap((page) => page.results), firstPage: list.pages[0] };
}
