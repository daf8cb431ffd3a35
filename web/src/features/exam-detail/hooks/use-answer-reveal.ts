import { useState } from 'react';
import { NO_REVEAL, isRevealed, revealAll, revealOne, type RevealState } from '../utils/answer-reveal.js';

/** The question list's answers on demand: all at once, or one by one (utils/answer-reveal). */
export function useAnswerReveal() {
  const [state, setState] = useState<RevealState>(NO_REVEAL);
  return {
    all: state.all,
    isShown: (id: string) => isRevealed(state, id),
    toggleAll: () => setState(revealAll),
    toggle: (id: string) => setState((current) => revealOne(current, id)),
  };
}

export type AnswerReveal = ReturnType<typeof useAnswerReveal>;
