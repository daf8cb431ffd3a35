import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  defaultState,
  paramsFromState,
  stateFromParams,
  STATE_PARAMS,
  type DetailState,
} from '../utils/detail-state.js';

type Change = Partial<DetailState> | ((current: DetailState) => Partial<DetailState>);

/**
 * The screen's filter and sort state, kept in the address (docs/product.md#exam-detail): every parameter
 * restores its filter or sort, so a reload or a shared link shows the same view. `t` (set when
 * an exam was just finished) resets them: the address is replaced by the plain one.
 *
 * A change applies to the last address asked for, not the one on screen: the router draws a new address
 * a moment after it is asked for, and a second click in that moment (a double click on a column) would
 * otherwise undo the first.
 */
export function useDetailState(favoritesMode: boolean) {
  const [search, setSearch] = useSearchParams();
  const reset = search.has('t');
  /** Addresses asked for and not yet drawn, oldest first. */
  const asked = useRef<string[]>([]);

  useLayoutEffect(() => {
    const drawn = search.toString();
    const at = asked.current.indexOf(drawn);
    // One of ours arrived: it and the older ones are done. Any other address came from elsewhere (a link, Back).
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [search]);

  const replaceSearch = useCallback(
    (next: URLSearchParams) => {
      asked.current.push(next.toString());
      setSearch(next, { replace: true });
    },
    [setSearch],
  );

  useEffect(() => {
    if (!reset) return;
    const kept = [...search.entries()].filter(
      ([name]) => name !== 't' && name !== 'group_id' && !(STATE_PARAMS as readonly string[]).includes(name),
    );
    replaceSearch(new URLSearchParams(kept));
  }, [reset, search, replaceSearch]);

  const state = useMemo(
    () => (reset ? defaultState(favoritesMode) : stateFromParams(search, defaultState(favoritesMode))),
    [reset, search, favoritesMode],
  );

  const update = useCallback(
    (change: Change) => {
      const current = new URLSearchParams(asked.current.at(-1) ?? search);
      const before = stateFromParams(current, defaultState(favoritesMode));
      const next = { ...before, ...(typeof change === 'function' ? change(before) : change) };
      const others = [...current.entries()].filter(
        ([name]) => name !== 'group_id' && !(STATE_PARAMS as readonly string[]).includes(name),
      );
      const wanted = new URLSearchParams([...others, ...paramsFromState(next, favoritesMode)]);
      if (wanted.toString() !== current.toString()) replaceSearch(wanted);
    },
    [search, replaceSearch, favoritesMode],
  );

  const resetAll = useCallback(() => update(defaultState(favoritesMode)), [update, favoritesMode]);
  return { state, update, resetAll };
}
