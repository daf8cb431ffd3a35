import { listStudies } from '#shared/contracts/studies.js';
import type { CallInput } from '../../../lib/api-client.js';
import { useApiPages } from '../../../lib/use-api-pages.js';

export type StudyListQuery = NonNullable<CallInput<typeof listStudies>['query']>;

/**
 * GET /api/studies/ page after page (cursor-paged); every study write invalidates it. The list on
 * screen stays put while a new filter's first page loads.
 */
export function useStudyPages(query: StudyListQuery | null) {
  const list = useApiPages(listStudies, query, { keepPreviousData: true });
  return { ...list, studies: list.pages.flatMap((page) => page.results), firstPage: list.pages[0] };
}
