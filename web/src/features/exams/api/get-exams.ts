import { listExams } from '../../../../../shared/contracts/exams.js';
import { LIMITS } from '../../../../../shared/domain/limits.js';
import type { CallInput } from '../../../lib/api-client.js';
import { useApi, useApiPages } from '../../../lib/use-api.js';

type ExamListQuery = NonNullable<CallInput<typeof listExams>['query']>;

/**
 * GET /api/exams/ page after page (spec 3 §7, page size 100); `loadMore` grows the list. Every
 * write that changes exams invalidates it, so no filter combination comes back from the cache as
 * it was before the change; the list on screen stays put until the fresh answer replaces it.
 */
export function useExamPages(query: ExamListQuery | null) {
  const list = useApiPages(listExams, query, { keepPreviousData: true });
  return { ...list, exams: list.pages.flatMap((page) => page.results), firstPage: list.pages[0] };
}

/** One page of GET /api/exams/ (the tag filter's result count); `null` waits. */
export function useExamCount(query: ExamListQuery | null) {
  return useApi(listExams, query ? { query } : null, { keepPreviousData: true });
}

/** GET /api/exams/?my_exams=true&page_size=100 — the exams the user created (the profile's list). */
export function useMyExams() {
  return useApi(listExams, { query: { my_exams: 'true', page_size: LIMITS.examListPageSize } });
}

/** The caller's own exams' titles, for the duplicate-title check of the create form. */
export function useMyExamTitles(enabled = true) {
  return useApi(
    listExams,
    enabled ? { query: { my_exams: 'true', page_size: LIMITS.examListPageSize, select: 'title,title_ko,title_en' } } : null,
  );
}
