import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clozeCardNumbers,
  clozeCardSides,
  noteRowId,
  planNoteEdit,
  siblingCsvId,
  siblingTitle,
} from '#shared/domain/cloze-note-edit.js';
import { clozeCards } from '#shared/domain/question-sheet-cloze.js';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { noteEditDraft } from '../../functions/domains/exams/cloze-note-edit.js';
import { notesByRowId } from '../../functions/domains/exams/exam-sheet-notes.js';

const BASE = { line: 2, csv_id: '7', title: '', difficulty: 'Medium' as const, url: '', group_id: '' };

/** The cards an import makes of a note (the rule every note's cards are compared with), with ids. */
function cardsOf(note: string, format: TextFormat, idPrefix: string) {
  return clozeCards(BASE, note, '', format).map((card) => ({
    ...card,
    cloze: card.cloze!,
    id: `${idPrefix}${card.cloze}`,
  }));
}

const sides = (card: { cloze?: number; content: string; answer: string }) => ({
  cloze: card.cloze,
  content: card.content,
  answer: card.answer,
});

// A note: words and gaps numbered 1..6, some gaps empty (no card), some repeated, some with hints.
const WORD = fc.stringMatching(/^[a-z가-힣 .,*]{0,8}$/);
const GAP = fc
  .record({ number: fc.integer({ min: 1, max: 6 }), answer: WORD, hint: fc.option(WORD, { nil: undefined }) })
  .map(({ number, answer, hint }) => `{{c${number}::${answer}${hint === undefined ? '' : `::${hint}`}}}`);
const NOTE = fc.array(fc.oneof(WORD, GAP), { maxLength: 8 }).map((parts) => parts.join(' '));
const FORMAT = fc.constantFrom<TextFormat>('plain', 'markdown');

describe('planNoteEdit', () => {
  it('applied to the old note’s cards gives exactly the cards the new note makes, the kept ones with their ids', () => {
    fc.assert(
      fc.property(NOTE, NOTE, FORMAT, (before, after, format) => {
        const old = cardsOf(before, format, 'old-');
        const plan = planNoteEdit(before, after, old, format);
        const applied = [
          ...plan.kept.map((card) => ({
            id: card.id,
            cloze: card.cloze,
            ...clozeCardSides(after, card.cloze, format),
          })),
          ...plan.added.map((number) => ({
            id: `new-${number}`,
            cloze: number,
            ...clozeCardSides(after, number, format),
          })),
        ].sort((a, b) => a.cloze - b.cloze);
        const expected = cardsOf(after, format, 'x').map(sides);
        expect(applied.map(sides)).toEqual(expected);
        // A number in both notes keeps its card (its memory state); the others are new.
        const had = new Set(old.map((card) => card.cloze));
        for (const card of applied)
          expect(card.id).toBe(had.has(card.cloze) ? `old-${card.cloze}` : `new-${card.cloze}`);
        // Every old card is either kept or removed, never both, never lost.
        expect([...plan.kept, ...plan.removed].map((c) => c.id).sort()).toEqual(old.map((c) => c.id).sort());
        for (const card of plan.removed) expect(clozeCardNumbers(after, format)).not.toContain(card.cloze);
      }),
      { numRuns: 400 },
    );
  });

  it('never brings back a card the exam lacks for a number both notes have', () => {
    fc.assert(
      fc.property(NOTE, NOTE, fc.integer({ min: 1, max: 6 }), (before, after, missing) => {
        const some = cardsOf(before, 'plain', 'old-').filter((card) => card.cloze !== missing);
        const plan = planNoteEdit(before, after, some);
        const inBefore = clozeCardNumbers(before).includes(missing);
        if (inBefore) expect(plan.added).not.toContain(missing);
        const result = [...plan.kept.map((c) => c.cloze), ...plan.added];
        expect(new Set(result).size).toBe(result.length);
      }),
    );
  });

  it('makes a question becoming a note the first card and adds the rest', () => {
    const plan = planNoteEdit('', '{{c1::a}} {{c2::b}} {{c3::}}', [{ cloze: 1, id: 'q' }]);
    expect(plan).toEqual({ kept: [{ cloze: 1, id: 'q' }], added: [2], removed: [] });
  });

  it('removes the cards of removed and emptied gaps', () => {
    const cards = [1, 2, 3].map((cloze) => ({ cloze }));
    const plan = planNoteEdit('{{c1::a}} {{c2::b}} {{c3::c}}', '{{c1::a}} {{c2::}} {{c4::d}}', cards);
    expect(plan.kept).toEqual([{ cloze: 1 }]);
    expect(plan.removed).toEqual([{ cloze: 2 }, { cloze: 3 }]);
    expect(plan.added).toEqual([4]);
  });
});

describe('titles and ids of a note’s cards', () => {
  it('follows an import’s `<title> (cN)` from the edited card', () => {
    expect(
      siblingTitle({
        editedTitle: 'Capitals (c1)',
        editedNumber: 1,
        number: 3,
        content: 'x',
        format: 'plain',
        previous: { title: 'Old (c3)', content: 'y', format: 'plain' },
      }),
    ).toBe('Capitals (c3)');
  });

  it('keeps a title the sibling was given, and remakes one made from its words', () => {
    const input = {
      editedTitle: 'Mine',
      editedNumber: 1,
      number: 2,
      content: 'Seoul is in [Korea]',
      format: 'plain' as const,
    };
    expect(siblingTitle({ ...input, previous: { title: 'Given', content: 'old words', format: 'plain' } })).toBe(
      'Given',
    );
    const made = siblingTitle({ ...input, previous: { title: 'old words', content: 'old words', format: 'plain' } });
    expect(made).toBe(siblingTitle(input));
    expect(made).toContain('Seoul');
  });

  it('gives a new card `<base>-cN` after an import’s id, the editor’s id as it is', () => {
    expect(siblingCsvId('12-c1', 1, 4)).toBe('12-c4');
    expect(siblingCsvId('12', 1, 4)).toBe('12');
    expect(siblingCsvId('-c1', 1, 4)).toBe('-c1');
    expect(noteRowId('12-c2', 2)).toBe('12');
    expect(noteRowId('12', 2)).toBe('12');
  });
});

describe('noteEditDraft: the writes of an edit through one card', () => {
  const before = '{{c1::Seoul}} is in {{c2::Korea}}';
  const card = (cloze: number, note = before, extra: Record<string, unknown> = {}) => ({
    id: `q${cloze}`,
    order: cloze,
    csv_id: `50-c${cloze}`,
    cloze,
    cloze_note: note,
    title_ko: `Cap (c${cloze})`,
    content_ko: clozeCardSides(note, cloze).content,
    answer_ko: clozeCardSides(note, cloze).answer,
    explanation_ko: 'old',
    difficulty: 'Easy',
    ...extra,
  });
  const edit = (after: Record<string, unknown>, siblings = [card(2)]) =>
    noteEditDraft({ examId: 'e', before: card(1), after: { ...card(1), ...after }, siblings, language: 'ko' });

  it('writes only the edited card when the note, its explanation and titles stay', () => {
    const draft = edit({ difficulty: 'Hard' });
    expect(draft.replaced.map((r) => r.question.id)).toEqual(['q1']);
    expect(draft.added).toEqual([]);
    expect(draft.removed).toEqual([]);
  });

  it('rewrites a sibling from the new note, under the note it held, with the edited title and explanation', () => {
    const note = '{{c1::Seoul}} is in {{c2::South Korea}} since {{c3::1948}}';
    const draft = edit({ cloze_note: note, title_ko: 'Capital (c1)', explanation_ko: 'new' });
    const sibling = draft.replaced.find((r) => r.question.id === 'q2')!;
    expect(sibling.note).toBe(before);
    expect(sibling.question).toMatchObject({
      cloze_note: note,
      content_ko: 'Seoul is in […] since 1948',
      answer_ko: 'South Korea',
      title_ko: 'Capital (c2)',
      explanation_ko: 'new',
      difficulty: 'Easy',
    });
    expect(draft.added).toEqual([
      expect.objectContaining({
        cloze: 3,
        csv_id: '50-c3',
        title_ko: 'Capital (c3)',
        answer_ko: '1948',
        difficulty: 'Easy',
      }),
    ]);
  });

  it('deletes the edited card when its own gap goes, and answers with the note’s first card', () => {
    const draft = edit({ cloze_note: '{{c2::Korea}} has Seoul' });
    expect(draft.removed).toEqual([{ position: 1, id: 'q1' }]);
    expect(draft.answerId).toBe('q2');
  });

  it('finds a note by its exported id and by each card’s own id', () => {
    const notes = notesByRowId([card(2), card(1), { id: 'plain', order: 9, csv_id: '51' }]);
    expect([...notes.keys()].sort()).toEqual(['50', '50-c1', '50-c2']);
    expect(notes.get('50')!.map((c) => c.id)).toEqual(['q1', 'q2']);
  });
});
