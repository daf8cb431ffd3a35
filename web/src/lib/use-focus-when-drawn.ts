import { useLayoutEffect, type RefObject } from 'react';

/**
 * Gives `target` the focus in the commit that draws it, before the paint, and again whenever
 * `trigger` changes (`false`: not at all). A passive effect would run after the paint when the
 * render came from a network answer (a card given back once the server undid its grade): the
 * element was on screen with the focus on the page, and a key pressed right then went there.
 */
export function useFocusWhenDrawn(target: RefObject<HTMLElement | null>, trigger: unknown = true): void {
  useLayoutEffect(() => {
    if (trigger !== false) target.current?.focus();
  }, [target, trigger]);
}
