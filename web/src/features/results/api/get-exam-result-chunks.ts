import { listExamResults } from '#shared/contracts/results.js';
import { useApiPages } from '../../../lib/use-api-pages.js';
import { RESULTS_FETCH_SIZE } from '../utils/results-pagination.js';

/**
 * GET /api/exam-results/ in chunks of 100 (the contract's largest page), each chunk asked for
 * with the previous answer's `next` cursor: every request costs the server the same, however far
 * the user pages. `ensureLoaded(n)` grows the chunks until the first n results are in (or there
 * are no more). The screen pages through the loaded results 10 at a time.
 */
export function useExamResultChunks(examId: string | null, enabled = true) {
  const list = useApiPages(
    listExamResults,
    enabled ? { page_size: RESULTS_FETCH_SIZE, ...(examId ? { exam_id: examId } : {}) } : null,
    {
      revalidateFirstPage: false,
      revalidateOnFocus: false,
      // After a delete the table stays until the fresh first chunk replaces it.
      keepPreviousData: true,
    },
  );
  const chunks = list.pages;
  return {
    results: chunks.flatMap((chunk) => chunk.results),
    /** The caller's total (the server's count), known from the first chunk on. */
    count: chunks[0]?.count,
    hasMore: list.hasMore,
    isLoading: list.isLoading,
    isLoadingMore: list.isLoadingMore,
    error: list.error,
    /** Asks for further chunks until `needed` results are loaded or the server has no more. */
    ensureLoaded(needed: number) {
      const loaded = chunks.reduce((sum, chunk) => sum + chunk.results.length, 0);
      if (loaded >= needed || !list.hasMore || list.size > chunks.length) return;
      void list.loadPages(chunks.length + Math.ceil((needed - loaded) / RESULTS_FETCH_SIZE));
    },
    /** Refresh: drops the loaded chunks and starts again from the first. */
    reload: list.reload,
  };
}
