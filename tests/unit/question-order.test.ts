import { describe, expect, test } from 'vitest';
import {
  accuracyGroup,
  accuracyPercentage,
  orderByList,
  orderByStatistics,
  orderQuestions,
  parseIdList,
  resortRemaining,
  selectQuestions,
  shuffled,
} from '#shared/domain/question-order.js';

/** A deterministic random source (a small LCG), so shuffles repeat. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const q = (id: string, csv_id?: string) => ({ id, csv_id });
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('question order (docs/product.md#take-exam)', () => {
  test('accuracy is the rounded correct over total, 0 without attempts', () => {
    expect(accuracyPercentage(undefined)).toBe(0);
    expect(accuracyPercentage({ total_attempts: 0, correct_attempts: 0 })).toBe(0);
    expect(accuracyPercentage({ total_attempts: 3, correct_attempts: 2 })).toBe(67);
    expect(accuracyPercentage({ total_attempts: 3, correct_attempts: 1 })).toBe(33);
    expect(accuracyPercentage({ total_attempts: 8, correct_attempts: 8 })).toBe(100);
  });

  test('groups: wrong-only, unattempted, partly correct, fully correct', () => {
    expect(accuracyGroup({ total_attempts: 2, correct_attempts: 0 })).toBe('wrong-only');
    expect(accuracyGroup(undefined)).toBe('unattempted');
    expect(accuracyGroup({ total_attempts: 0, correct_attempts: 0 })).toBe('unattempted');
    expect(accuracyGroup({ total_attempts: 4, correct_attempts: 1 })).toBe('partly-correct');
    expect(accuracyGroup({ total_attempts: 4, correct_attempts: 4 })).toBe('fully-correct');
  });

  test('the order parameter: listed first in that order (id or csv id), unlisted last in original order', () => {
    const questions = [q('a', '1'), q('b', '2'), q('c', '3'), q('d', '4'), q('e', '5')];
    expect(ids(orderByList(questions, ['d', 'b']))).toEqual(['d', 'b', 'a', 'c', 'e']);
    expect(ids(orderByList(questions, ['5', '1', 'zzz']))).toEqual(['e', 'a', 'b', 'c', 'd']);
    // A duplicate entry does not place a question twice.
    expect(ids(orderByList(questions, ['c', 'c', '3']))).toEqual(['c', 'a', 'b', 'd', 'e']);
    // With an order, statistics are not used and nothing is shuffled.
    const stats = { a: { total_attempts: 1, correct_attempts: 0 } };
    expect(ids(orderQuestions(questions, { order: ['b'], stats, random: seeded(1) }))).toEqual([
      'b',
      'a',
      'c',
      'd',
      'e',
    ]);
  });

  test('statistics order: groups in order, accuracy ascending, more attempts first', () => {
    const questions = [q('full'), q('part80'), q('none'), q('wrong1'), q('part50'), q('wrong5')];
    const stats = {
      full: { total_attempts: 3, correct_attempts: 3 },
      part80: { total_attempts: 5, correct_attempts: 4 },
      wrong1: { total_attempts: 1, correct_attempts: 0 },
      part50: { total_attempts: 2, correct_attempts: 1 },
      wrong5: { total_attempts: 5, correct_attempts: 0 },
    };
    for (const seed of [1, 2, 3, 42]) {
      expect(ids(orderByStatistics(questions, stats, seeded(seed)))).toEqual([
        'wrong5',
        'wrong1',
        'none',
        'part50',
        'part80',
        'full',
      ]);
    }
    // A Map works the same.
    expect(ids(orderByStatistics(questions, new Map(Object.entries(stats)), seeded(7)))[0]).toBe('wrong5');
  });

  test('ties are shuffled within their group, and the shuffle follows the random source', () => {
    const questions = Array.from({ length: 12 }, (_, i) => q(`u${i}`));
    const stats = { w: { total_attempts: 1, correct_attempts: 0 }, f: { total_attempts: 1, correct_attempts: 1 } };
    const all = [q('f'), ...questions, q('w')];
    const first = ids(orderByStatistics(all, stats, seeded(5)));
    expect(first[0]).toBe('w');
    expect(first.at(-1)).toBe('f');
    expect(first.slice(1, -1).sort()).toEqual(ids(questions).sort());
    expect(ids(orderByStatistics(all, stats, seeded(5)))).toEqual(first);
    const orders = new Set([1, 2, 3, 4, 5, 6].map((seed) => ids(orderByStatistics(all, stats, seeded(seed))).join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  test('without statistics every question is unattempted: a shuffle of all', () => {
    const questions = [q('a'), q('b'), q('c'), q('d')];
    const out = ids(orderQuestions(questions, { random: seeded(3) }));
    expect([...out].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(orderQuestions(questions, { random: () => 0.999 }))).toHaveLength(4);
  });

  test('shuffled keeps every item and does not mutate its input', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffled(input, seeded(9));
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect([...out].sort()).toEqual(input);
  });

  test('statistics arriving later re-sort only the questions after the current one', () => {
    const stats = { e: { total_attempts: 2, correct_attempts: 0 }, c: { total_attempts: 2, correct_attempts: 2 } };
    const out = resortRemaining(['a', 'b', 'c', 'd', 'e'], 1, stats, seeded(1));
    expect(out.slice(0, 2)).toEqual(['a', 'b']);
    expect(out[2]).toBe('e');
    expect(out.at(-1)).toBe('c');
    expect([...out].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(resortRemaining(['a', 'b'], 5, stats)).toEqual(['a', 'b']);
  });

  test('selected and the id list parser', () => {
    expect(parseIdList(' a, b,,c ,')).toEqual(['a', 'b', 'c']);
    expect(parseIdList(null)).toEqual([]);
    const questions = [q('a', '1'), q('b', '2'), q('c', '3')];
    expect(ids(selectQuestions(questions, ['3', 'a']))).toEqual(['a', 'c']);
    expect(ids(selectQuestions(questions, []))).toEqual(['a', 'b', 'c']);
  });
});
