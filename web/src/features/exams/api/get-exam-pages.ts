import { listExams } from '#shared/contracts/exams.js';
import { useApiPages } from '../../../lib/use-api-pages.js';
import type { ExamListQuery } from './get-exams.js';

/**
 * GET /api/exams/ page after page (docs/product.md#exam-management, page size 100); `loadMore` grows the list. Every
 * write that changes exams invalidates it, so no filter combination comes back from the cache as
 * it was before the change; the list on screen stays put until the fresh answer replaces it.
 */
export function useExamPages(query: ExamListQuery | null) {
  const list = useApiPages(listExams, query, { keepPreviousData: true });
  return { ...list, exams: list.pages.flatMap((page) => page.results), firstPage: list.pages[0] };
}
