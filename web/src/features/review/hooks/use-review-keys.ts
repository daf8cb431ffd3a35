import { useEffect, useRef } from 'react';
import type { ReviewRating } from '#shared/contracts/review.js';
import { RATINGS } from '../utils/intervals.js';

interface ReviewKeyActions {
  phase: 'question' | 'answer';
  reveal(): void;
  grade(rating: ReviewRating): void;
  /** Space / Enter on the answer side: the proposed grade (Good when none). */
  accept(): void;
  undo(): void;
  help(): void;
  /** 1–9 / A–D pick a choice before the answer is shown (as in take-exam); Y/N questions: O / X. */
  choose?(key: string): void;
  yesNo?(value: 'Y' | 'N'): void;
}

const TEXT_FIELD =
  'textarea, input:not([type]), input[type="text"], input[type="number"], select, [contenteditable="true"]';

/**
 * The Review screen's keys, Anki's: Space or Enter shows the answer, 1–4 grade (Again, Hard, Good,
 * Easy), Space or Enter takes the proposed grade, Z takes the last grade back, ? lists the keys. A
 * typed answer is sent with Enter (Shift+Enter for a new line); keys typed into a field stay there,
 * and Esc leaves the field.
 */
export function useReviewKeys(actions: ReviewKeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const a = latest.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const typing = !!target?.matches(TEXT_FIELD);
      const onControl = !!target?.matches('button, a[href], input[type="radio"], input[type="checkbox"]');
      const key = event.key;
      const act = (fn: () => void) => {
        event.preventDefault();
        fn();
      };

      // Esc leaves an answer field or a choice (as in take-exam), so the keys below work again.
      if (key === 'Escape' && (typing || onControl) && target) return act(() => target.blur());
      if (typing) {
        if (a.phase === 'question' && key === 'Enter' && !event.shiftKey && target?.tagName === 'TEXTAREA')
          act(a.reveal);
        return;
      }
      if (key === '?') return act(a.help);
      if (key === 'z' || key === 'Z') return act(a.undo);
      if (a.phase === 'question') {
        if (key === 'Enter' && !target?.matches('button, a[href]')) return act(a.reveal);
        if (key === ' ' && !onControl) return act(a.reveal);
        if (a.yesNo && (key === 'o' || key === 'O')) return act(() => a.yesNo!('Y'));
        if (a.yesNo && (key === 'x' || key === 'X')) return act(() => a.yesNo!('N'));
        if (a.choose && /^[1-9a-dA-D]$/.test(key)) return act(() => a.choose!(key));
        return;
      }
      const index = ['1', '2', '3', '4'].indexOf(key);
      if (index >= 0) return act(() => a.grade(RATINGS[index]!));
      if ((key === ' ' || key === 'Enter') && !onControl) return act(a.accept);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
