import type { ReviewRating } from '#shared/contracts/review.js';
import { RATINGS } from './intervals.js';

/** Every key of the screen, in the ? list (D303). */
export const REVIEW_KEYS = [
  'reveal',
  'type',
  'choose',
  'grade',
  'accept',
  'undo',
  'bury',
  'suspend',
  'flag',
  'edit',
  'escape',
  'help',
] as const;

/** What a key does on the Review screen (D303). */
export type ReviewKeyAction =
  | { type: 'reveal' }
  | { type: 'grade'; rating: ReviewRating }
  | { type: 'accept' }
  | { type: 'undo' }
  | { type: 'help' }
  | { type: 'choose'; key: string }
  | { type: 'yesNo'; value: 'Y' | 'N' }
  | { type: 'bury' }
  | { type: 'suspend' }
  | { type: 'flag' }
  | { type: 'edit' }
  | { type: 'leave' };

export interface ReviewKey {
  key: string;
  /** `KeyboardEvent.code`: letters are read from it too, so Z and E work with the Korean layout on. */
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

export interface ReviewKeyContext {
  /** `closed`: the card was graded, buried or suspended; only undo and help remain. */
  phase: 'question' | 'answer' | 'closed' | 'none';
  /** Focus in a text field (the answer box). */
  typing: boolean;
  /** What the text field holds: Ctrl+Z undoes its typing while there is some. */
  fieldText?: string;
  /** Focus on a button or a link (Space and Enter press it). */
  onButton: boolean;
  /** Focus on a radio or a checkbox. */
  onChoice?: boolean;
  choices: boolean;
  yesNo: boolean;
}

/** A letter key, by the character or by the physical key (another layout, an IME). */
const letter = (event: ReviewKey, char: string) =>
  event.key.toLowerCase() === char || (!/^[\x20-\x7e]$/.test(event.key) && event.code === `Key${char.toUpperCase()}`);

/**
 * The Review screen's keys, Anki's (D303). Before the answer: Space or Enter shows it (Space on a
 * choice too: it never ticks the focused radio), 1–9 / A–D pick a choice, O / X answer true /
 * false. After it: 1–4 grade, Space or Enter take the proposed grade. Always: Z or Ctrl+Z undo (the
 * last grade, bury, suspend or flag, several levels), `-` bury until tomorrow, `@` suspend, `*`
 * flag, E edit, ? the list. In the answer box every key types except Enter (check), Esc (leave the
 * box) and Ctrl+Z once the box is empty; Shift+Enter is a new line. Null: the browser's own.
 */
export function reviewKeyAction(event: ReviewKey, context: ReviewKeyContext): ReviewKeyAction | null {
  const { key } = event;
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && !event.shiftKey && letter(event, 'z')) {
    return context.typing && context.fieldText ? null : { type: 'undo' };
  }
  if (command || event.altKey) return null;
  if (key === 'Escape') return context.typing || context.onButton || context.onChoice ? { type: 'leave' } : null;
  if (context.typing) {
    return context.phase === 'question' && key === 'Enter' && !event.shiftKey ? { type: 'reveal' } : null;
  }
  if (key === '?') return { type: 'help' };
  if (letter(event, 'z')) return { type: 'undo' };
  if (context.phase === 'none' || context.phase === 'closed') return null;
  if (key === '-') return { type: 'bury' };
  if (key === '@') return { type: 'suspend' };
  if (key === '*') return { type: 'flag' };
  if (letter(event, 'e')) return { type: 'edit' };
  if (context.phase === 'question') return questionKey(event, context);
  const index = ['1', '2', '3', '4'].indexOf(key);
  if (index >= 0) return { type: 'grade', rating: RATINGS[index]! };
  if ((key === ' ' || key === 'Enter') && !context.onButton) return { type: 'accept' };
  return null;
}

function questionKey(event: ReviewKey, context: ReviewKeyContext): ReviewKeyAction | null {
  const { key } = event;
  if ((key === ' ' || key === 'Enter') && !context.onButton) return { type: 'reveal' };
  if (context.yesNo && letter(event, 'o')) return { type: 'yesNo', value: 'Y' };
  if (context.yesNo && letter(event, 'x')) return { type: 'yesNo', value: 'N' };
  if (context.choices && /^[1-9a-dA-D]$/.test(key)) return { type: 'choose', key };
  return null;
}
