import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import type { RouteContract, ResponseOf } from '#shared/contracts/define-route.js';
import { callApi, urlFor, type ApiError, type CallInput } from './api-client.js';
import { assertRead, listVersion, subscribeListVersions } from './use-api.js';

type PagedAnswer = { next?: string | null };
type PageKey = readonly ['api-pages', string, string, string, number, string | null];

/**
 * A cursor-paged GET list, page after page: each answer's `next` asks for the following page.
 * `loadMore` grows it by a page, `loadPages(n)` to n pages, `reload` starts again from the first.
 * Every `invalidate` of the contract starts it again too (a new key per list version).
 * In its own module so screens without a paged list do not load swr/infinite.
 */
export function useApiPages<C extends RouteContract>(
  contract: C,
  query: CallInput<C>['query'] | null,
  config?: SWRInfiniteConfiguration<ResponseOf<C> & PagedAnswer, ApiError>,
) {
  assertRead(contract);
  const { i18n } = useTranslation();
  const version = useSyncExternalStore(subscribeListVersions, () => listVersion(contract));
  const getKey = (index: number, previous: (ResponseOf<C> & PagedAnswer) | null): PageKey | null => {
    if (!query) return null;
    if (index > 0 && !previous?.next) return null;
    const cursor = index === 0 ? null : previous!.next!;
    return ['api-pages', contract.path, urlFor(contract, { query }), i18n.language, version, cursor];
  };
  const swr = useSWRInfinite<ResponseOf<C> & PagedAnswer, ApiError>(
    getKey,
    (key: PageKey) => {
      const page = { ...query, ...(key[5] ? { cursor: key[5] } : {}) } as CallInput<C>['query'];
      return callApi(contract, { query: page }) as Promise<ResponseOf<C> & PagedAnswer>;
    },
    // Asked again on every mount, never deduplicated: `isFresh` promises an answer to a request made since
    // mount, and within SWR's 2 s dedupe window no request was made, so a screen came back within it kept
    // the cached list for good (exam management after a short sitting missed the learner's new exam).
    { dedupingInterval: 0, ...config },
  );
  // SWR hands out a cached answer first and asks again behind it; `isFresh` tells the answer of a
  // request made since this screen mounted (and for the current query) from such a cached one.
  const [requestedSinceMount, setRequestedSinceMount] = useState(false);
  useEffect(() => {
    if (swr.isValidating) setRequestedSinceMount(true);
  }, [swr.isValidating]);
  const pages = swr.data ?? [];
  return {
    pages,
    hasMore: !!pages[pages.length - 1]?.next,
    isLoading: swr.isLoading,
    /** `pages` is the server's answer to a request made since mount, not a cached or previous query's list. */
    isFresh: requestedSinceMount && !swr.isValidating && swr.data !== undefined,
    isLoadingMore: swr.isValidating && swr.size > pages.length,
    error: swr.error,
    /** How many pages are asked for (loaded or on the way). */
    size: swr.size,
    loadMore: () => swr.setSize((size) => size + 1),
    loadPages: (count: number) => swr.setSize(count),
    reload: async () => {
      await swr.setSize(1);
      await swr.mutate();
    },
  };
}
