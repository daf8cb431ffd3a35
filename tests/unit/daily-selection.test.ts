import fc from 'fast-check';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, test } from 'vitest';
import {
  fillOrder,
  selectDailyQuestions,
  unseenReserve,
  weakestFirst,
  type DailyQuestionStat,
  type DailySelectionInput,
} from '../../functions/domains/learning/daily-selection.js';
import { retrievability, reviewCard, type FsrsCard } from '../../functions/domains/learning/fsrs.js';

const DAY = 86_400_000;
const now = new Date('2026-03-01T07:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

const seeded = (seed: number) => {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
};

/** A statistic after the given answers, each `[correct, days before now]`, oldest first. */
function answered(...answers: [correct: boolean, daysBefore: number][]): DailyQuestionStat {
  let fsrs: FsrsCard | undefined;
  for (const [correct, daysBefore] of answers) fsrs = reviewCard(fsrs, correct, daysAgo(daysBefore));
  return { total_attempts: answers.length, correct_attempts: answers.filter(([correct]) => correct).length, fsrs };
}

function select(
  stats: Record<string, DailyQuestionStat>,
  overrides: Partial<DailySelectionInput> & { candidateIds: Iterable<string> },
) {
  return selectDailyQuestions({
    stats: new Map(Object.entries(stats)),
    ignoredIds: new Set(),
    count: 10,
    now,
    random: seeded(1),
    ...overrides,
  });
}

describe('daily question selection', () => {
  // Three due cards whose retrievability differs: reviewed long ago on a short interval is the most forgotten.
  // Two cards still in their learning steps: one failed three days ago, one answered right yesterday.
  const stats: Record<string, DailyQuestionStat> = {
    dueLongAgo: answered([true, 40], [true, 39]),
    dueLapsed: answered([true, 20], [true, 19], [false, 6]),
    dueJustNow: answered([true, 12], [true, 11]),
    notDue: answered([true, 2], [true, 1]),
    learningFailed: answered([false, 3]),
    learningRight: answered([true, 1]),
    weakAllWrong: { total_attempts: 2, correct_attempts: 0 },
    weakHalf: { total_attempts: 2, correct_attempts: 1 },
    weakHalfOften: { total_attempts: 8, correct_attempts: 4 },
  };
  const all = [...Object.keys(stats), 'unseen1', 'unseen2'];

  test('the constructed states are what the cases say', () => {
    const state = (id: string) => stats[id]!.fsrs!.state;
    for (const id of ['dueLongAgo', 'dueLapsed', 'dueJustNow'])
      expect(Date.parse(stats[id]!.fsrs!.due)).toBeLessThanOrEqual(now.getTime());
    expect([state('dueLongAgo'), state('dueLapsed'), state('dueJustNow'), state('notDue')]).toEqual([
      'review',
      'relearning',
      'review',
      'review',
    ]);
    expect(Date.parse(stats.notDue!.fsrs!.due)).toBeGreaterThan(now.getTime());
    const recall = (id: string) => retrievability(stats[id]!.fsrs!, now);
    expect(recall('dueLongAgo')).toBeLessThan(recall('dueLapsed'));
    expect(recall('dueLapsed')).toBeLessThan(recall('dueJustNow'));
    // Learning cards are past their minute-long step (so "due" by their own date) but not scheduled.
    for (const id of ['learningFailed', 'learningRight']) {
      expect(state(id)).toBe('learning');
      expect(Date.parse(stats[id]!.fsrs!.due)).toBeLessThan(now.getTime());
    }
    expect(recall('learningFailed')).toBeLessThan(recall('learningRight'));
  });

  test("retrievability is the scheduler's own: about the requested 0.9 when a review card falls due, 0 before any review", () => {
    const card = stats.notDue!.fsrs!;
    expect(card.state).toBe('review');
    expect(retrievability(card, new Date(card.due))).toBeCloseTo(0.9, 1);
    expect(retrievability(card, new Date(card.last_review!))).toBe(1);
    expect(retrievability(reviewCard(undefined, true, now), now)).toBe(1);
    expect(retrievability({ ...card, state: 'new', last_review: null }, now)).toBe(0);
  });

  test('due questions first, lowest retrievability first; then unseen; then learning, most forgotten first; then the weakest', () => {
    const picks = select(stats, { candidateIds: all, count: 50 });
    expect(picks.slice(0, 3)).toEqual([
      { questionId: 'dueLongAgo', reason: 'due' },
      { questionId: 'dueLapsed', reason: 'due' },
      { questionId: 'dueJustNow', reason: 'due' },
    ]);
    expect(picks.slice(3, 5).map((pick) => pick.reason)).toEqual(['unseen', 'unseen']);
    expect(new Set(picks.slice(3, 5).map((pick) => pick.questionId))).toEqual(new Set(['unseen1', 'unseen2']));
    expect(picks.slice(5, 7)).toEqual([
      { questionId: 'learningFailed', reason: 'learning' },
      { questionId: 'learningRight', reason: 'learning' },
    ]);
    // wrong rate 1 > 0.5 (2 attempts) > 0.5 (8 attempts) > 0 (the card that is not due yet)
    expect(picks.slice(7)).toEqual([
      { questionId: 'weakAllWrong', reason: 'weakest' },
      { questionId: 'weakHalf', reason: 'weakest' },
      { questionId: 'weakHalfOften', reason: 'weakest' },
      { questionId: 'notDue', reason: 'weakest' },
    ]);
  });

  test('a short count takes the most forgotten due questions only', () => {
    expect(select(stats, { candidateIds: all, count: 2 }).map((pick) => pick.questionId)).toEqual([
      'dueLongAgo',
      'dueLapsed',
    ]);
  });

  test('a card still in its learning steps is not due: an unseen question goes first, a weak one after', () => {
    const picks = select(stats, { candidateIds: ['learningFailed', 'weakAllWrong', 'unseen'], count: 3 });
    expect(picks).toEqual([
      { questionId: 'unseen', reason: 'unseen' },
      { questionId: 'learningFailed', reason: 'learning' },
      { questionId: 'weakAllWrong', reason: 'weakest' },
    ]);
  });

  describe('a third of the quiz, rounded down, is kept for unseen questions while any remain', () => {
    const manyDue = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`due${i}`, answered([true, 40 - i], [true, 39 - i])]),
    );
    const dueIds = Object.keys(manyDue);
    const unseenIds = (n: number) => Array.from({ length: n }, (_, i) => `new${i}`);
    const reasons = (picks: { reason: string }[]) => picks.map((pick) => pick.reason).join(' ');

    test('the reserve is 0 for 1–2 questions, 1 for 3, 3 for 10, 16 for 50', () => {
      expect([1, 2, 3, 10, 50].map(unseenReserve)).toEqual([0, 0, 1, 3, 16]);
    });

    test('a due backlog takes the rest, most forgotten first', () => {
      const picks = select(manyDue, { candidateIds: [...dueIds, ...unseenIds(5)], count: 10 });
      expect(reasons(picks)).toBe('due due due due due due due unseen unseen unseen');
      expect(picks.slice(0, 7).map((pick) => pick.questionId)).toEqual(dueIds.slice(0, 7));
    });

    test('fewer unseen questions than the reserve: due questions fill their place', () => {
      expect(reasons(select(manyDue, { candidateIds: [...dueIds, ...unseenIds(1)], count: 10 }))).toBe(
        'due due due due due due due due due unseen',
      );
      expect(reasons(select(manyDue, { candidateIds: dueIds, count: 10 }))).toBe(
        'due due due due due due due due due due',
      );
    });

    test('a small quiz keeps no reserve up to 2 questions', () => {
      expect(reasons(select(manyDue, { candidateIds: [...dueIds, ...unseenIds(5)], count: 2 }))).toBe('due due');
      expect(reasons(select(manyDue, { candidateIds: [...dueIds, ...unseenIds(5)], count: 3 }))).toBe('due due unseen');
    });
  });

  test('a legacy statistic without an FSRS card is seen, not due', () => {
    const picks = select(
      { legacy: { total_attempts: 1, correct_attempts: 0 } },
      { candidateIds: ['legacy', 'unseen'] },
    );
    expect(picks).toEqual([
      { questionId: 'unseen', reason: 'unseen' },
      { questionId: 'legacy', reason: 'weakest' },
    ]);
  });

  test('ignored questions are never picked, even when due or unseen', () => {
    const ignoredIds = new Set(['dueLongAgo', 'unseen1', 'weakAllWrong']);
    const picked = select(stats, { candidateIds: all, ignoredIds, count: 50 }).map((pick) => pick.questionId);
    expect(picked).toHaveLength(all.length - 3);
    for (const id of ignoredIds) expect(picked).not.toContain(id);
  });

  test('a repeated candidate counts once', () => {
    expect(
      select({}, { candidateIds: ['a', 'b', 'a', 'a'], count: 5 })
        .map((pick) => pick.questionId)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  test('the count is 1–50; fewer eligible questions than the count gives all of them', () => {
    for (const count of [0, 51, 2.5, Number.NaN])
      expect(() => select(stats, { candidateIds: all, count })).toThrow(RangeError);
    expect(select(stats, { candidateIds: all, count: 1 })).toHaveLength(1);
    expect(select(stats, { candidateIds: all, count: 50 })).toHaveLength(all.length);
    const many = Array.from({ length: 80 }, (_, i) => `q${i}`);
    expect(select({}, { candidateIds: many, count: 50 })).toHaveLength(50);
    expect(select({}, { candidateIds: [], count: 3 })).toEqual([]);
  });

  test('the same seed gives the same exam; another seed breaks ties differently', () => {
    const many = Array.from({ length: 100 }, (_, i) => `q${i}`);
    const run = (seed: number) => select(stats, { candidateIds: [...all, ...many], count: 10, random: seeded(seed) });
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    // the tie-break never reorders the ranked part: the due questions lead whatever the seed
    expect(run(8).slice(0, 3)).toEqual(run(7).slice(0, 3));
  });

  test('weakestFirst: wrong rate descending, then fewer attempts; never answered is rate 0 with 1/0 attempts', () => {
    const order = [
      { total_attempts: 1, correct_attempts: 0 },
      { total_attempts: 3, correct_attempts: 1 },
      undefined,
      { total_attempts: 1, correct_attempts: 1 },
      { total_attempts: 5, correct_attempts: 5 },
    ];
    // (Array.sort keeps undefined entries out of the comparator, so sort positions instead.)
    const sorted = [4, 3, 2, 1, 0].sort((a, b) => weakestFirst(order[a], order[b]));
    expect(sorted).toEqual([0, 1, 2, 3, 4]);
  });

  test('property: a subset of the eligible candidates, min(count, eligible) long, no duplicates, groups in order, the unseen reserve kept, learning cards never due', () => {
    const ids = fc.constantFrom(...Array.from({ length: 30 }, (_, i) => `q${i}`));
    const stat = fc
      .array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 60 })), { minLength: 1, maxLength: 6 })
      .map((answers) => answered(...answers.sort((a, b) => b[1] - a[1])));
    fc.assert(
      fc.property(
        fc.array(ids, { maxLength: 60 }),
        fc.dictionary(ids, stat, { maxKeys: 30 }),
        fc.uniqueArray(ids, { maxLength: 10 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer(),
        (candidateIds, statsById, ignored, count, seed) => {
          const ignoredIds = new Set(ignored);
          const picks = select(statsById, { candidateIds, ignoredIds, count, random: seeded(seed) });
          const picked = picks.map((pick) => pick.questionId);
          const eligible = new Set(candidateIds.filter((id) => !ignoredIds.has(id)));
          expect(picked.every((id) => eligible.has(id))).toBe(true);
          expect(new Set(picked).size).toBe(picked.length);
          expect(picked).toHaveLength(Math.min(count, eligible.size));
          const rank = { due: 0, unseen: 1, learning: 2, weakest: 3 };
          expect(picks.every((pick, i) => i === 0 || rank[picks[i - 1]!.reason] <= rank[pick.reason])).toBe(true);
          const unseenEligible = [...eligible].filter((id) => !(id in statsById)).length;
          const unseenPicked = picks.filter((pick) => pick.reason === 'unseen').length;
          expect(unseenPicked).toBeGreaterThanOrEqual(Math.min(unseenEligible, unseenReserve(count)));
          // learning-step cards are never taken as due
          for (const pick of picks)
            if (pick.reason === 'due') expect(statsById[pick.questionId]!.fsrs!.state).not.toBe('learning');
        },
      ),
    );
  });
});

/** The daily exam's fill when the queue holds fewer cards than the count (D315). */
describe('fill order', () => {
  const history = fc.array(fc.tuple(fc.boolean(), fc.double({ min: 0.1, max: 40, noNaN: true })), {
    minLength: 1,
    maxLength: 4,
  });
  const statsArb = fc.array(fc.option(history, { nil: undefined }), { minLength: 1, maxLength: 25 }).map((all) =>
    all.map((answers): DailyQuestionStat => {
      // undefined: a legacy statistic (attempts, no card); otherwise answers oldest first.
      if (!answers) return { total_attempts: 2, correct_attempts: 1 };
      const sorted = [...answers].sort((a, b) => b[1] - a[1]);
      return answered(...sorted);
    }),
  );

  test('lowest recall: every answered question once, lowest predicted recall first, cardless ones first', () => {
    fc.assert(
      fc.property(statsArb, (stats) => {
        const ids = stats.map((_, i) => `q${i}`);
        const statOf = (id: string) => stats[Number(id.slice(1))];
        const out = fillOrder(ids, statOf, 'lowest-recall', now);
        expect([...out].sort()).toEqual([...ids].sort());
        const recall = (id: string) => {
          const card = statOf(id)?.fsrs;
          return card ? retrievability(card, now) : 0;
        };
        for (let k = 1; k < out.length; k++) expect(recall(out[k - 1]!)).toBeLessThanOrEqual(recall(out[k]!));
      }),
    );
  });

  test("weakest: the original's order, wrong rate then fewer attempts", () => {
    fc.assert(
      fc.property(statsArb, (stats) => {
        const ids = stats.map((_, i) => `q${i}`);
        const statOf = (id: string) => stats[Number(id.slice(1))];
        const out = fillOrder(ids, statOf, 'weakest', now);
        for (let k = 1; k < out.length; k++)
          expect(weakestFirst(statOf(out[k - 1]!), statOf(out[k]!))).toBeLessThanOrEqual(0);
      }),
    );
  });
});
