import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredQuestion } from '../../functions/domains/exams/exam-store.js';
import type { NewCardPlace } from '../../functions/domains/exams/entities/new-card-place.js';
import { QUEUE_WINDOW } from '../../functions/domains/exams/new-card-read.js';
import {
  QUEUE_CANDIDATES,
  REVIEWED_SAMPLE,
  advancePlace,
  emptyPlace,
  queueCandidates,
  reviewedSample,
  windowCandidates,
  type PlacedCopy,
} from '../../functions/domains/exams/new-card-window.js';

/** The whole-bank new-card rule (D308): pure parts, as the queue and `npm run simulate` run them. */

const ids = (n: number) => Array.from({ length: n }, (_, i) => `f-${i + 1}`);
const copiesOf = (questionIds: string[], positions?: number[]): PlacedCopy[] =>
  questionIds.map((id, i) => ({ position: positions?.[i] ?? i + 1, question: { id } as StoredQuestion }));

/** What the queue reads on one page: the window past the frontier, then what the candidates' statistics say. */
function page(
  place: NewCardPlace,
  exam: PlacedCopy[],
  answeredSet: ReadonlySet<string>,
  ignored: ReadonlySet<string> = new Set(),
): { place: NewCardPlace; candidates: string[] } {
  const window = exam.filter((c) => c.position > place.frontier).slice(0, QUEUE_WINDOW);
  const candidates = windowCandidates([{ place, copies: window }], new Set(), ignored);
  const asked = new Set(candidates);
  const answered = (id: string) => (asked.has(id) ? answeredSet.has(id) : undefined);
  return { place: advancePlace(place, window, answered, ignored).place, candidates };
}

describe('new candidates from the whole bank', () => {
  it('still come when 60+ answered questions, none due, stand before the unseen ones', () => {
    const bank = ids(300);
    const answered = new Set(bank.slice(0, 75));
    const candidates = queueCandidates(bank, [], (id) => answered.has(id), '2026-03-10');
    const fresh = candidates.filter((id) => !answered.has(id));
    expect(fresh).toEqual(bank.slice(75, 75 + QUEUE_CANDIDATES));
    // The first-60 window of before would have offered none of them.
    expect(bank.slice(0, 60).filter((id) => !answered.has(id))).toEqual([]);
  });

  it('are the first unseen questions in exam order, never an answered or due one (any bank)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('unseen', 'answered', 'due'), { maxLength: 400 }),
        fc.string(),
        (kinds, day) => {
          const bank = ids(kinds.length);
          const answered = new Set(bank.filter((_, i) => kinds[i] !== 'unseen'));
          const due = bank.filter((_, i) => kinds[i] === 'due').map((questionId) => ({ questionId }));
          const candidates = queueCandidates(bank, due, (id) => answered.has(id), day);
          const unseen = bank.filter((id) => !answered.has(id));
          expect(candidates.filter((id) => !answered.has(id))).toEqual(unseen.slice(0, QUEUE_CANDIDATES));
          const sample = candidates.filter((id) => answered.has(id));
          expect(sample.length).toBe(Math.min(REVIEWED_SAMPLE, bank.filter((_, i) => kinds[i] === 'answered').length));
          expect(sample.some((id) => due.some((d) => d.questionId === id))).toBe(false);
        },
      ),
    );
  });

  it('reach every question of a bank page by page, in exam order, through answered and ignored runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 250 }),
        fc.array(fc.nat(249), { maxLength: 120 }),
        fc.array(fc.nat(249), { maxLength: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (size, answeredElsewhere, ignoredAt, perDay) => {
          const bank = ids(size);
          // Positions with holes (deleted questions) and answers given in other exams, anywhere.
          const exam = copiesOf(
            bank,
            bank.map((_, i) => i * 2 + 1),
          );
          const answered = new Set(answeredElsewhere.filter((i) => i < size).map((i) => bank[i]!));
          const ignored = new Set(ignoredAt.filter((i) => i < size).map((i) => bank[i]!));
          let place = emptyPlace('e');
          const introduced: string[] = [];
          const left = () => bank.some((id) => !answered.has(id) && !ignored.has(id));
          for (let day = 0; day < size + 5 && left(); day++) {
            const read = page(place, exam, answered, ignored);
            place = read.place;
            const fresh = read.candidates.filter((id) => !answered.has(id) && !ignored.has(id)).slice(0, perDay);
            for (const id of fresh) answered.add(id);
            introduced.push(...fresh);
            // The frontier never passes a question that is neither answered nor ignored.
            const behind = exam.filter((c) => c.position <= place.frontier).map((c) => c.question.id);
            expect(behind.every((id) => answered.has(id) || ignored.has(id))).toBe(true);
          }
          const never = bank.filter((id) => !answered.has(id) && !ignored.has(id));
          expect(never).toEqual([]);
          // Introduced in exam order.
          const order = new Map(bank.map((id, i) => [id, i]));
          expect(introduced.map((id) => order.get(id)!)).toEqual(
            [...introduced.map((id) => order.get(id)!)].sort((a, b) => a - b),
          );
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);

  it('offer a question passed while ignored again once it is ignored no more, before the window', () => {
    const bank = ids(10);
    const exam = copiesOf(bank);
    const answered = new Set(bank.slice(0, 2));
    const first = page(emptyPlace('e'), exam, answered, new Set([bank[2]!]));
    // The queue offers the candidates its statistics read says are unseen and not ignored.
    expect(first.candidates.filter((id) => !answered.has(id) && id !== bank[2])[0]).toBe(bank[3]);
    expect(first.place.passed.get(bank[2]!)).toBe(3);
    const afterAnswers = page(first.place, exam, new Set([...answered, ...bank.slice(3, 6)]), new Set([bank[2]!]));
    expect(afterAnswers.place.frontier).toBe(6);
    expect(afterAnswers.place.passed.get(bank[2]!)).toBe(3);
    const unignored = page(afterAnswers.place, exam, new Set([...answered, ...bank.slice(3, 6)]));
    expect(unignored.candidates.slice(0, 2)).toEqual([bank[2], bank[6]]);
    // Answered since: placed, no longer passed.
    const done = advancePlace(unignored.place, [], (id) => (id === bank[2] ? true : undefined), new Set()).place;
    expect(done.placed.get(bank[2]!)).toBe(3);
    expect(done.passed.has(bank[2]!)).toBe(false);
  });

  it('read the answered sample evenly over the days: the first 60 questions are not favoured', () => {
    const answered = ids(300);
    const shown = new Map<string, number>();
    for (let d = 0; d < 400; d++)
      for (const id of reviewedSample(answered, `2026-${String(1 + (d % 12)).padStart(2, '0')}-${d}`))
        shown.set(id, (shown.get(id) ?? 0) + 1);
    const mean = (list: string[]) => list.reduce((s, id) => s + (shown.get(id) ?? 0), 0) / list.length;
    const first = mean(answered.slice(0, 60));
    const rest = mean(answered.slice(60));
    expect(first).toBeGreaterThan(0);
    expect(first / rest).toBeGreaterThan(0.8);
    expect(first / rest).toBeLessThan(1.25);
    expect(shown.size).toBe(300);
  });
});
