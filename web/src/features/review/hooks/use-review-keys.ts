import { useLayoutEffect, useRef } from 'react';
import { reviewKeyAction, type ReviewKeyAction, type ReviewKeyContext } from '../utils/review-keys.js';

type Handlers = { [K in ReviewKeyAction['type']]?: (action: Extract<ReviewKeyAction, { type: K }>) => void };

interface ReviewKeyOptions {
  phase: ReviewKeyContext['phase'];
  choices?: boolean;
  yesNo?: boolean;
  handlers: Handlers;
}

const TEXT_FIELD =
  'textarea, input:not([type]), input[type="text"], input[type="number"], select, [contenteditable="true"]';

/**
 * Listens for the Review screen's keys (utils/review-keys.ts) on the window and runs the handler of
 * the action; an action without a handler leaves the key to the browser. Nothing while a dialog is open.
 * Attached in the commit that draws the card, as its answer or proposed grade takes the focus
 * (useFocusWhenDrawn): attached later, a key pressed as soon as the card shows is typed into it.
 */
export function useReviewKeys(options: ReviewKeyOptions) {
  const latest = useRef(options);
  latest.current = options;
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const { phase, choices = false, yesNo = false, handlers } = latest.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const typing = !!target?.matches(TEXT_FIELD);
      const action = reviewKeyAction(event, {
        phase,
        typing,
        fieldText: typing && 'value' in target! ? String((target as HTMLInputElement).value) : undefined,
        onButton: !!target?.matches('button, a[href], summary'),
        onChoice: !!target?.matches('input[type="radio"], input[type="checkbox"]'),
        choices,
        yesNo,
      });
      if (!action) return;
      if (action.type === 'leave') {
        event.preventDefault();
        target?.blur();
        return;
      }
      const handler = handlers[action.type] as ((a: ReviewKeyAction) => void) | undefined;
      if (!handler) return;
      event.preventDefault();
      // A held key grades (or buries) one card, not every card after it.
      if (!event.repeat) handler(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
