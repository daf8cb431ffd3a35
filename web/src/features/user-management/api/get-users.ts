import { listUsers } from '#shared/contracts/users.js';
import { useApiPages } from '../../../lib/use-api-pages.js';

/**
 * GET /api/users/ page after page (by username, 100 a page) — admins only; pass false to skip the call for
 * everyone else. `data` holds the users loaded so far; `loadMore` asks for the next page.
 */
export function useUsers(enabled: boolean) {
  const list = useApiPages(listUsers, enabled ? {} : null, { keepPreviousData: true });
  return {
    data: list.pages.length > 0 ? list.pages.flatMap((page) => page.results) : undefined,
    error: list.error,
    isLoading: list.isLoading,
    reload: list.reload,
    hasMore: list.hasMore,
    isLoadingMore: list.isLoadingMore,
    loadMore: list.loadMore,
  };
}
