import { chooseOption, type ChoiceOption, type InputForm } from '#shared/domain/input-form.js';

/**
 * One card on the Review screen as a state machine (D303): `question` (answer it or not) → `answer`
 * (the verdict and the grades) → `closed` (graded, buried or suspended: the next card replaces it).
 * Every state has a way forward: the question can be revealed, buried, suspended or edited; the
 * answer graded, buried, suspended or edited; a closed card waits for the next one, or opens again
 * where it was when a bury or suspend failed.
 * Keys and clicks in a state that does not take them change nothing.
 */
export type CardPhase = 'question' | 'answer' | 'closed';

export interface CardState {
  phase: CardPhase;
  /** What the learner typed or chose. */
  answer: string;
  /** A closed card's phase before it closed. */
  was?: 'question' | 'answer';
}

export type CardEvent =
  | { type: 'type'; value: string }
  | { type: 'choose'; key: string; inputForm: InputForm; options: readonly ChoiceOption[] }
  | { type: 'yesNo'; value: 'Y' | 'N' }
  | { type: 'reveal' }
  | { type: 'close' }
  | { type: 'reopen' };

export const initialCardState: CardState = { phase: 'question', answer: '' };

export function cardReducer(state: CardState, event: CardEvent): CardState {
  switch (event.type) {
    case 'type':
      return state.phase === 'question' ? { ...state, answer: event.value } : state;
    case 'choose':
      return state.phase === 'question'
        ? { ...state, answer: chooseOption(state.answer, event.key, event.inputForm, event.options) }
        : state;
    // True / false is answered at once, as on take-exam.
    case 'yesNo':
      return state.phase === 'question' ? { phase: 'answer', answer: event.value } : state;
    case 'reveal':
      return state.phase === 'question' ? { ...state, phase: 'answer' } : state;
    case 'close':
      return state.phase === 'closed' ? state : { ...state, phase: 'closed', was: state.phase };
    case 'reopen':
      return state.phase === 'closed' ? { phase: state.was ?? 'question', answer: state.answer } : state;
  }
}
