import { listQuestionFiles } from '#shared/contracts/files.js';
import { useApiPages } from '../../../lib/use-api-pages.js';

/**
 * GET /api/question-files/ page after page (name order, 100 a page) — own and public files (admins: all,
 * optionally by visibility). `data.files` holds the pages loaded so far; `loadMore` asks for the next.
 * Writes that change files invalidate it (a new list version), so the list starts again from the top.
 */
export function useQuestionFiles(isPublic?: boolean, enabled = true) {
  const list = useApiPages(
    listQuestionFiles,
    enabled ? (isPublic === undefined ? {} : { is_public: String(isPublic) }) : null,
    { keepPreviousData: true },
  );
  return {
    data: list.pages.length > 0 ? { files: list.pages.flatMap((page) => page.files) } : undefined,
    error: list.error,
    reload: list.reload,
    hasMore: list.hasMore,
    isLoadingMore: list.isLoadingMore,
    loadMore: list.loadMore,
  };
}
