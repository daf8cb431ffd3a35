import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  defaultState,
  paramsFromState,
  stateFromParams,
  STATE_PARAMS,
  type DetailState,
} from '../utils/detail-state.js';

/**
 * The screen's filter and sort state, kept in the address (docs/product.md#exam-detail): every parameter
 * restores its filter or sort, so a reload or a shared link shows the same view. `t` (set when
 * an exam was just finished) resets them: the address is replaced by the plain one.
 */
export function useDetailState(favoritesMode: boolean) {
  const [search, setSearch] = useSearchParams();
  const reset = search.has('t');

  useEffect(() => {
    if (!reset) return;
    const kept = [...search.entries()].filter(
      ([name]) => name !== 't' && name !== 'group_id' && !(STATE_PARAMS as readonly string[]).includes(name),
    );
    setSearch(new URLSearchParams(kept), { replace: true });
  }, [reset, search, setSearch]);

  const state = useMemo(
    () => (reset ? defaultState(favoritesMode) : stateFromParams(search, defaultState(favoritesMode))),
    [reset, search, favoritesMode],
  );

  const update = useCallback(
    (change: Partial<DetailState>) => {
      setSearch(
        (current) => {
          const next = { ...stateFromParams(current, defaultState(favoritesMode)), ...change };
          const others = [...current.entries()].filter(
            ([name]) => name !== 'group_id' && !(STATE_PARAMS as readonly string[]).includes(name),
          );
          return new URLSearchParams([...others, ...paramsFromState(next, favoritesMode)]);
        },
        { replace: true },
      );
    },
    [setSearch, favoritesMode],
  );

  const resetAll = useCallback(() => update(defaultState(favoritesMode)), [update, favoritesMode]);
  return { state, update, resetAll };
}
