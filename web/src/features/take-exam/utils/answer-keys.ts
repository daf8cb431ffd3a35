import type { ChoiceOption, InputForm } from '#shared/domain/input-form.js';

/**
 * The keyboard rules of a question (one place, so the screen, the `?` overlay and the tests agree):
 *   answering — Enter submits (a typed answer: Shift+Enter is a new line; Ctrl/⌘+Enter submits too);
 *               O / X grade yourself (true / false on a Y/N question); 1–4 or A–D choose an option;
 *   verdict   — Enter or → goes on;
 *   anywhere  — ? opens the list of keys; Esc in the answer box leaves it (then O / X work).
 * Letters and digits typed into a text field are text, never shortcuts.
 */
export type KeyAction =
  | { type: 'submit' }
  | { type: 'next' }
  | { type: 'grade'; pass: boolean }
  | { type: 'choose'; key: string }
  | { type: 'help' }
  | { type: 'leave' }
  | null;

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focus is in a text field (textarea, text input). */
  inTextField: boolean;
  /** The focus is on a control that Enter presses itself (button, link, summary). */
  onPressable: boolean;
}

export interface KeyContext {
  phase: 'answering' | 'verdict';
  inputForm: InputForm;
  options: readonly ChoiceOption[];
  /** O / X self-grading is offered (a typed question answered in the head). */
  selfGrade: boolean;
}

const LETTERS = ['a', 'b', 'c', 'd'];

/** The option a digit 1–9 or a letter A–D names (by place, whatever the option's own key). */
function optionFor(key: string, options: readonly ChoiceOption[]): string | null {
  const lower = key.toLowerCase();
  const byKey = options.find((option) => option.key.toLowerCase() === lower);
  if (byKey) return byKey.key;
  const place = /^[1-9]$/.test(lower) ? Number(lower) - 1 : LETTERS.indexOf(lower);
  return place >= 0 && place < options.length ? options[place]!.key : null;
}

export function keyAction(input: KeyInput, context: KeyContext): KeyAction {
  if (input.altKey) return null;
  const command = !!(input.ctrlKey || input.metaKey);
  if (input.key === 'Enter') {
    if (input.onPressable && !command) return null; // the focused button answers Enter itself
    if (context.phase === 'verdict') return input.inTextField && input.shiftKey ? null : { type: 'next' };
    if (input.inTextField && input.shiftKey && !command) return null; // a new line
    return { type: 'submit' };
  }
  if (command) return null;
  if (input.inTextField) return input.key === 'Escape' ? { type: 'leave' } : null;
  if (input.key === '?') return { type: 'help' };
  if (context.phase === 'verdict') return input.key === 'ArrowRight' ? { type: 'next' } : null;
  const lower = input.key.toLowerCase();
  if ((lower === 'o' || lower === 'x') && (context.inputForm === 'yesno' || context.selfGrade))
    return { type: 'grade', pass: lower === 'o' };
  if (context.inputForm === 'radio' || context.inputForm === 'checkbox') {
    const option = optionFor(input.key, context.options);
    if (option) return { type: 'choose', key: option };
  }
  return null;
}

/** What the focused element is, for `keyAction`. */
export function focusKind(target: EventTarget | null): { inTextField: boolean; onPressable: boolean } {
  const element = target as HTMLElement | null;
  const tag = element?.tagName?.toLowerCase() ?? '';
  const type = (element as HTMLInputElement | null)?.type ?? '';
  const inTextField =
    tag === 'textarea' ||
    (tag === 'input' && !['radio', 'checkbox', 'button', 'submit'].includes(type)) ||
    !!element?.isContentEditable;
  const onPressable = tag === 'button' || tag === 'a' || tag === 'summary' || tag === 'select';
  return { inTextField, onPressable };
}
