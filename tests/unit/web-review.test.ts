import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/features/review/i18n/en.js';
import ko from '../../web/src/features/review/i18n/ko.js';
import { cardReducer, initialCardState, type CardEvent } from '../../web/src/features/review/utils/card-state.js';
import {
  REVIEW_KEYS,
  reviewKeyAction,
  type ReviewKeyContext,
} from '../../web/src/features/review/utils/review-keys.js';
import { formatInterval, proposedRating, ratingNumber } from '../../web/src/features/review/utils/intervals.js';

describe('review screen helpers', () => {
  it('writes intervals as Anki does on its buttons, in the screen language', () => {
    expect(formatInterval(60, 'en')).toBe('1m');
    expect(formatInterval(600, 'en')).toBe('10m');
    expect(formatInterval(3 * 3600, 'en')).toBe('3h');
    expect(formatInterval(8 * 86_400, 'en')).toBe('8d');
    expect(formatInterval(45 * 86_400, 'en')).toBe('1.5 mths');
    expect(formatInterval(45 * 86_400, 'ko')).toBe('1.5개월');
    expect(formatInterval(400 * 86_400, 'en')).toBe('1.1y');
    expect(formatInterval(8 * 86_400, 'ko')).toBe('8일');
    expect(formatInterval(0, 'en')).toBe('1m');
  });

  it('proposes a grade from the verdict: right Good, almost Hard, wrong Again, none without a verdict', () => {
    expect(proposedRating('correct')).toBe('good');
    expect(proposedRating('almost')).toBe('hard');
    expect(proposedRating('wrong')).toBe('again');
    expect(proposedRating(null)).toBeNull();
    expect(['again', 'hard', 'good', 'easy'].map((r) => ratingNumber(r as never))).toEqual([1, 2, 3, 4]);
  });
});

const base: ReviewKeyContext = { phase: 'question', typing: false, onButton: false, choices: false, yesNo: false };
const act = (key: string, context: Partial<ReviewKeyContext> = {}, extra: Record<string, unknown> = {}) =>
  reviewKeyAction({ key, ...extra }, { ...base, ...context });

describe('review keys (D303)', () => {
  it('reveals with Space on a focused radio instead of ticking it, and with Enter in the answer box', () => {
    expect(act(' ', { choices: true, onChoice: true })).toEqual({ type: 'reveal' });
    expect(act('Enter', { typing: true, fieldText: 'abc' })).toEqual({ type: 'reveal' });
    expect(act('Enter', { typing: true }, { shiftKey: true })).toBeNull();
    // Space on a button presses the button.
    expect(act(' ', { onButton: true })).toBeNull();
  });

  it('grades with 1–4 only after the answer; before it 1–9 / A–D pick a choice, O / X answer true / false', () => {
    expect(act('3', { phase: 'answer' })).toEqual({ type: 'grade', rating: 'good' });
    expect(act('1', { phase: 'answer', choices: true })).toEqual({ type: 'grade', rating: 'again' });
    expect(act('3', { choices: true })).toEqual({ type: 'choose', key: '3' });
    expect(act('3')).toBeNull();
    expect(act('o', { yesNo: true })).toEqual({ type: 'yesNo', value: 'Y' });
    expect(act('X', { yesNo: true })).toEqual({ type: 'yesNo', value: 'N' });
    expect(act(' ', { phase: 'answer' })).toEqual({ type: 'accept' });
    expect(act('Enter', { phase: 'answer', onButton: true })).toBeNull();
  });

  it('undoes with Z, and with Ctrl+Z or Cmd+Z in the answer box once it is empty', () => {
    expect(act('z')).toEqual({ type: 'undo' });
    expect(act('z', { typing: true })).toBeNull();
    expect(act('z', { typing: true, fieldText: '' }, { ctrlKey: true })).toEqual({ type: 'undo' });
    expect(act('z', { typing: true, fieldText: 'x' }, { ctrlKey: true })).toBeNull();
    expect(act('Z', { phase: 'answer' }, { metaKey: true })).toEqual({ type: 'undo' });
    expect(act('z', {}, { ctrlKey: true, shiftKey: true })).toBeNull();
    // The Korean layout: the Z key sends ㅋ.
    expect(act('ㅋ', {}, { code: 'KeyZ' })).toEqual({ type: 'undo' });
    expect(act('ㄷ', { phase: 'answer' }, { code: 'KeyE' })).toEqual({ type: 'edit' });
  });

  it('buries, suspends, flags and edits on either side of the card, never while typing', () => {
    for (const phase of ['question', 'answer'] as const) {
      expect(act('-', { phase })).toEqual({ type: 'bury' });
      expect(act('@', { phase }, { shiftKey: true })).toEqual({ type: 'suspend' });
      expect(act('*', { phase }, { shiftKey: true })).toEqual({ type: 'flag' });
      expect(act('e', { phase })).toEqual({ type: 'edit' });
    }
    for (const key of ['-', '@', '*', 'e', '?', '1', ' ']) expect(act(key, { typing: true })).toBeNull();
    // A closed card (graded, buried) and the empty screen: only Z and ?.
    for (const phase of ['closed', 'none'] as const) {
      expect(['-', '@', '*', 'e', '3', ' '].map((key) => act(key, { phase }))).toEqual(Array(6).fill(null));
      expect(act('z', { phase })).toEqual({ type: 'undo' });
      expect(act('?', { phase })).toEqual({ type: 'help' });
    }
    // The browser's own: Ctrl+1 (tabs), Alt combinations.
    expect(act('1', { phase: 'answer' }, { ctrlKey: true })).toBeNull();
    expect(act('-', {}, { altKey: true })).toBeNull();
  });

  it('never acts on a key typed into the answer box but Enter, Esc and Ctrl+Z', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.constantFrom('question', 'answer', 'closed', 'none'),
        fc.boolean(),
        (key, phase, shiftKey) => {
          const action = reviewKeyAction(
            { key, shiftKey },
            { ...base, phase: phase as ReviewKeyContext['phase'], typing: true, fieldText: 'x' },
          );
          if (key === 'Escape') expect(action).toEqual({ type: 'leave' });
          else if (key === 'Enter' && !shiftKey && phase === 'question') expect(action).toEqual({ type: 'reveal' });
          else expect(action).toBeNull();
        },
      ),
    );
  });

  it('lists every key in the ? overlay in both languages', () => {
    for (const language of [en, ko]) {
      for (const key of REVIEW_KEYS) {
        expect(language.shortcuts.keys[key]).toMatch(/\S/);
        expect(language.shortcuts.does[key]).toMatch(/\S/);
      }
      expect(Object.keys(language.shortcuts.keys).sort()).toEqual([...REVIEW_KEYS].sort());
    }
  });
});

describe('review card state machine (D303)', () => {
  const events = fc.oneof(
    fc.record({ type: fc.constant('type' as const), value: fc.string({ maxLength: 5 }) }),
    fc.record({
      type: fc.constant('choose' as const),
      key: fc.constantFrom('1', '2', '3'),
      inputForm: fc.constantFrom('radio' as const, 'checkbox' as const),
      options: fc.constant([
        { key: '1', text: 'a' },
        { key: '2', text: 'b' },
        { key: '3', text: 'c' },
      ]),
    }),
    fc.record({ type: fc.constant('yesNo' as const), value: fc.constantFrom('Y' as const, 'N' as const) }),
    fc.constant({ type: 'reveal' as const }),
    fc.constant({ type: 'close' as const }),
    fc.constant({ type: 'reopen' as const }),
  );

  it('goes question → answer → closed only, the answer fixed once shown, and a reopened card is where it was', () => {
    fc.assert(
      fc.property(fc.array(events as fc.Arbitrary<CardEvent>, { maxLength: 30 }), (list) => {
        let state = initialCardState;
        for (const event of list) {
          const next = cardReducer(state, event);
          if (state.phase !== 'question') expect(next.answer).toBe(state.answer);
          if (state.phase === 'answer') expect(['answer', 'closed']).toContain(next.phase);
          if (state.phase === 'closed') {
            expect(next.phase === 'closed' || event.type === 'reopen').toBe(true);
            if (event.type === 'reopen') expect(next.phase).toBe(state.was);
          }
          state = next;
        }
      }),
    );
  });

  it('has a way forward from every state', () => {
    const forward: Record<string, CardEvent> = {
      question: { type: 'reveal' },
      answer: { type: 'close' },
      closed: { type: 'reopen' },
    };
    let state = initialCardState;
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(state.phase);
      const next = cardReducer(state, forward[state.phase]!);
      expect(next.phase).not.toBe(state.phase);
      state = next;
    }
    expect(seen).toEqual(['question', 'answer', 'closed']);
    expect(
      cardReducer(cardReducer(initialCardState, { type: 'yesNo', value: 'N' }), { type: 'type', value: 'Y' }),
    ).toEqual({ phase: 'answer', answer: 'N' });
  });
});
