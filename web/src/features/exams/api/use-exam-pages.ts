import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import { listExams } from '../../../../../shared/contracts/exams.js';
import type { ResponseOf } from '../../../../../shared/contracts/define-route.js';
import { callApi, type ApiError } from '../../../lib/api-client.js';

type ListAnswer = ResponseOf<typeof listExams>;
type Query = Record<string, string | string[]>;
type PageKey = readonly ['exam-pages', string, Query, number, string | null];

/**
 * GET /api/exams/ page after page: each answer's `next` cursor asks for the following page
 * (spec 3 §7, page size 100). `loadMore` grows the list.
 *
 * `generation` is part of every key: the screen bumps it after a change (create, delete,
 * subscribe, tags), so no filter combination can come back from the cache as it was before the
 * change. The list on screen stays put until the fresh answer replaces it.
 */
export function useExamPages(query: Query | null, generation = 0) {
  const { i18n } = useTranslation();
  const getKey = (index: number, previous: ListAnswer | null): PageKey | null => {
    if (!query) return null;
    if (index > 0 && !previous?.next) return null;
    return ['exam-pages', i18n.language, query, generation, index === 0 ? null : previous!.next];
  };
  const swr = useSWRInfinite<ListAnswer, ApiError>(
    getKey,
    (key: PageKey) => callApi(listExams, { query: { ...key[2], ...(key[4] ? { cursor: key[4] } : {}) } }),
    { keepPreviousData: true },
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
  };
}
