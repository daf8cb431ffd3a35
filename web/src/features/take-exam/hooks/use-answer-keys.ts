import { useLayoutEffect, useRef } from 'react';
import { focusKind, keyAction, type KeyAction, type KeyContext } from '../utils/answer-keys.js';

type Handlers = { [K in NonNullable<KeyAction>['type']]: (action: Extract<KeyAction, { type: K }>) => void };

/**
 * The question's keys (utils/answer-keys), read on the document while the question is shown and
 * no dialog is open. The handlers may change every render; the listener stays the same. It is
 * attached in the commit that draws the question, as the answer field takes the focus
 * (useFocusWhenDrawn): attached later, a key pressed as soon as the field shows is typed into it.
 */
export function useAnswerKeys(context: KeyContext, handlers: Handlers, enabled = true) {
  const latest = useRef({ context, handlers });
  latest.current = { context, handlers };
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || document.querySelector('dialog[open]')) return;
      const action = keyAction(
        {
          key: event.key,
          shiftKey: event.shiftKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          ...focusKind(event.target),
        },
        latest.current.context,
      );
      if (!action) return;
      event.preventDefault();
      const run = latest.current.handlers[action.type] as (value: typeof action) => void;
      run(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
