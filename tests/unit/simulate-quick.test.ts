import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '#shared/domain/limits.js';
import { queueChoice } from '../../bench/simulate-queue.js';
import * as exams from '../../functions/domains/exams/index.js';
import type { DailyQuestionStat, FsrsCard } from '../../functions/domains/learning/index.js';
import { daysFrom, fsrsCard } from '../support/fsrs-cards.js';

vi.mock('../../functions/domains/exams/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/domains/exams/index.js')>();
  return {
    ...actual,
    orderLearnerQueue: vi.fn(actual.orderLearnerQueue),
    dailyPicksFrom: vi.fn(actual.dailyPicksFrom),
  };
});

const now = new Date('2026-03-10T22:00:00Z');
const card = (state: FsrsCard['state'], dueInDays: number, stability: number): FsrsCard =>
  fsrsCard({ state, due: daysFrom(now, dueInDays), stability, lastReview: daysFrom(now, -10) });
const stat = (fsrs: FsrsCard, wrong = 0): DailyQuestionStat => ({
  total_attempts: 2,
  correct_attempts: 2 - wrong,
  fsrs,
});

/** The simulation's queue policies run the daily exam's own queue code (D246), not a copy. */
describe('simulate: the queue policy is the product queue', () => {
  it('calls orderLearnerQueue and dailyPicksFrom with the server inputs and the default limits', () => {
    vi.mocked(exams.orderLearnerQueue).mockClear();
    vi.mocked(exams.dailyPicksFrom).mockClear();
    const stats = new Map<string, DailyQuestionStat>([
      ['q0', stat(card('review', 20, 30))], // not due: a candidate that fills
      ['q1', stat(card('review', -1, 5))], // due
      ['q2', stat(card('learning', -0.5, 0.2), 1)], // learning, step due
      ['q5', stat(card('review', 0.1, 2), 1)], // due before the end of the learner day
    ]);
    const ids = ['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
    const picks = queueChoice({ ids, stats, now, count: 4, weights: null });
    expect(exams.orderLearnerQueue).toHaveBeenCalledTimes(1);
    const read = vi.mocked(exams.orderLearnerQueue).mock.calls[0]![0];
    expect(read.limits).toEqual({
      newPerDay: LIMITS.newCardsPerDay.default,
      reviewsPerDay: LIMITS.maxReviewsPerDay.default,
    });
    expect(read.pageSize).toBe(4);
    // The due index: the learning card first, then review cards due by the end of the day.
    expect(read.dueEntries.map((d) => d.questionId)).toEqual(['q2', 'q1', 'q5']);
    // Unseen questions in bank order, then the day's sample of answered ones off the index (D308, D310).
    expect(read.candidates).toEqual(['q3', 'q4', 'q6', 'q0']);
    expect(exams.dailyPicksFrom).toHaveBeenCalledTimes(1);
    // Due by lowest recall, then new cards in bank order (the learning card waits behind them).
    expect(picks.slice(0, 2).sort()).toEqual(['q1', 'q5']);
    expect(picks.slice(2)).toEqual(['q3', 'q4']);
    // A new-card limit of 0 leaves room for the learning card, then the fill (weakest first).
    expect(queueChoice({ ids, stats, now, count: 4, weights: null, newPerDay: 0 }).slice(2)).toEqual(['q2', 'q0']);
  });
});

/** `npm run simulate -- --quick` still runs end to end: both learner families, every policy, fits included. */
describe('simulate --quick', () => {
  it('prints a table per family with the four policies and the fits it ran', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/simulate-daily-quiz.ts', '--quick'], {
      encoding: 'utf8',
    });
    for (const family of ['### fsrs-far, 60 questions', '### act-r, 60 questions']) expect(out).toContain(family);
    for (const policy of ['queue, per-learner fitting', 'queue, default weights', "original's rule", 'random'])
      expect(out.split(`| ${policy} |`).length - 1).toBe(2);
    expect(out).toMatch(/fits run [1-9]\d*, kept over the defaults \d+/);
  }, 120_000);
});
