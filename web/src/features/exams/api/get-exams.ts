import { listExams } from '#shared/contracts/exams.js';
import { LIMITS } from '#shared/domain/limits.js';
import type { CallInput } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/*
 * Single-page reads of GET /api/exams/. The paged list of the same endpoint is in
 * get-exam-pages.ts, so screens that only need these (the profile) do not load swr/infinite.
 */

export type ExamListQuery = NonNullable<CallInput<typeof listExams>['query']>;

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
    enabled
      ? { query: { my_exams: 'true', page_size: LIMITS.examListPageSize, select: 'title,title_ko,title_en' } }
      : null,
  );
}
