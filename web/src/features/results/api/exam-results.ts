import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import type { ResponseOf } from '../../../../../shared/contracts/define-route.js';
import { deleteExamResult as deleteRoute, listExamResults } from '../../../../../shared/contracts/results.js';
import { callApi, type ApiError } from '../../../lib/api-client.js';
import { RESULTS_FETCH_SIZE } from '../utils/results-pagination.js';

type ListAnswer = ResponseOf<typeof listExamResults>;
type ChunkKey = readonly ['exam-result-chunks', string, string | null, string | null];

/**
 * GET /api/exam-results/ in chunks of 100 (the contract's largest page), each chunk asked for
 * with the previous answer's `next` cursor: every request costs the server the same, however far
 * the user pages. `ensureLoaded(n)` grows the chunks until the first n results are in (or there
 * are no more). The screen pages through the loaded results 10 at a time.
 */
export function useExamResultChunks(examId: string | null, enabled = true) {
  const { i18n } = useTranslation();
  const getKey = (index: number, previous: ListAnswer | null): ChunkKey | null => {
    if (!enabled) return null;
    if (index > 0 && !previous?.next) return null;
    return ['exam-result-chunks', i18n.language, examId, index === 0 ? null : previous!.next];
  };
  const swr = useSWRInfinite<ListAnswer, ApiError>(
    getKey,
    (key: ChunkKey) =>
      callApi(listExamResults, {
        query: { page_size: RESULTS_FETCH_SIZE, ...(key[2] ? { exam_id: key[2] } : {}), ...(key[3] ? { cursor: key[3] } : {}) },
      }),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const chunks = swr.data ?? [];
  const last = chunks[chunks.length - 1];
  const hasMore = !!last?.next;
  return {
    results: chunks.flatMap((chunk) => chunk.results),
    /** The caller's total (the server's count), known from the first chunk on. */
    count: chunks[0]?.count,
    hasMore,
    isLoading: swr.isLoading,
    isLoadingMore: swr.isValidating && swr.size > chunks.length,
    error: swr.error,
    /** Asks for further chunks until `needed` results are loaded or the server has no more. */
    ensureLoaded(needed: number) {
      const loaded = chunks.reduce((sum, chunk) => sum + chunk.results.length, 0);
      if (loaded >= needed || !hasMore || swr.size > chunks.length) return;
      const wantedChunks = chunks.length + Math.ceil((needed - loaded) / RESULTS_FETCH_SIZE);
      void swr.setSize(wantedChunks);
    },
    /** Refresh: drops the loaded chunks and starts again from the first. */
    reload: async () => {
      await swr.setSize(1);
      await swr.mutate();
    },
  };
}

/** DELETE /api/exam-result/{id}/ */
export function deleteExamResult(resultId: string) {
  return callApi(deleteRoute, { params: { id: resultId } });
}
