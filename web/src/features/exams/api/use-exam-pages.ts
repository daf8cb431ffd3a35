import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import { listExams } from '../../../../../shared/contracts/exams.js';
import type { ResponseOf } from '../../../../../shared/contracts/define-route.js';
import { callApi, type ApiError } from '../../../lib/api-client.js';

type ListAnswer = ResponseOf<typeof listExams>;
type Query = Record<string, string | string[]>;
type PageKey = readonly ['exam-pages', string, Query, string | null];

/**
 * GET /api/exams/ page after page: each answer's `next` cursor asks for the following page
 * (spec 3 §7, page size 100). `loadMore` grows the list; `mutate` reloads the loaded pages.
 */
export function useExamPages(query: Query | null) {
  const { i18n } = useTranslation();
  const getKey = (index: number, previous: ListAnswer | null): PageKey | null => {
    if (!query) return null;
    if (index > 0 && !previous?.next) return null;
    return ['exam-pages', i18n.language, query, index === 0 ? null : previous!.next];
  };
  const swr = useSWRInfinite<ListAnswer, ApiError>(
    getKey,
    (key: PageKey) => callApi(listExams, { query: { ...key[2], ...(key[3] ? { cursor: key[3] } : {}) } }),
  );
  const pages = swr.data ?? [];
  const last = pages[pages.length - 1];
  return {
    exams: pages.flatMap((page) => page.results),
    firstPage: pages[0],
    hasMore: !!last?.next,
    isLoading: swr.isLoading,
    isLoadingMore: swr.isValidating && swr.size > pages.length,
    error: swr.error,
    loadMore: () => swr.setSize((size) => size + 1),
    mutate: () => swr.mutate(),
  };
}
