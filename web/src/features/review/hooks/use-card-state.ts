import { useReducer, useRef } from 'react';
import { cardReducer, initialCardState, type CardEvent } from '../utils/card-state.js';

/**
 * The card's reducer (utils/card-state.ts) and `leave`: grading, burying or suspending closes the
 * card first, so a second press cannot act on it again (the ref also holds two presses that arrive
 * before React renders the closed state); a bury or suspend that failed opens it again.
 */
export function useCardState() {
  const [state, dispatch] = useReducer(cardReducer, initialCardState);
  const closed = useRef(false);
  const leave = (run: () => void | Promise<boolean>) => {
    if (closed.current) return;
    closed.current = true;
    dispatch({ type: 'close' });
    void Promise.resolve(run()).then((left) => {
      if (left !== false) return;
      closed.current = false;
      dispatch({ type: 'reopen' });
    });
  };
  return { state, dispatch: dispatch as (event: CardEvent) => void, leave };
}
