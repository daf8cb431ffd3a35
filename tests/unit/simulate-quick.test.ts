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
    const picks = queueChoice({ ids, stats, now, count: 4 }).map((p) => p.questionId);
    expect(exams.orderLearnerQueue).toHaveBeenCalledTimes(1);
    const read = vi.mocked(exams.orderLearnerQueue).mock.calls[0]![0];
    expect(read.limits).toEqual({
      newPerDay: LIMITS.newCardsPerDay.default,
      reviewsPerDay: LIMITS.maxReviewsPerDay.default,
    });
    expect(read.pageSize).toBe(4);
    // The due index: the learning card first, then review cards due by the end of the learner day.
    expect(read.dueEntries.map((d) => d.questionId)).toEqual(['q2', 'q1', 'q5']);
    // Candidates: the whole bank off the due index, in exam order (the whole-bank rule, no window).
    expect(read.candidates).toEqual(['q0', 'q3', 'q4', 'q6']);
    expect(exams.dailyPicksFrom).toHaveBeenCalledTimes(1);
    // Due reviews and the learning step due now, by expected gain; the third place is a new card (D314, D316, D415).
    expect(picks[2]).toBe('q3');
    expect(picks.filter((id) => id !== 'q3').sort()).toEqual(['q1', 'q2', 'q5']);
    // A new-card limit of 0: no reserve, the fill takes the last slot.
    expect(
      queueChoice({ ids, stats, now, count: 4, newPerDay: 0 })
        .map((p) => p.questionId)
        .sort(),
    ).toEqual(['q0', 'q1', 'q2', 'q5']);
  });

  it('reads 300 candidates when 260 reviewed questions precede 40 unseen ones', () => {
    const many = new Map<string, DailyQuestionStat>();
    const bank = Array.from({ length: 300 }, (_, i) => `q${i}`);
    for (const id of bank.slice(0, 260)) many.set(id, stat(card('review', 20, 30)));
    const picks = queueChoice({ ids: bank, stats: many, now, count: 10 });
    expect(picks.map((p) => p.questionId)).toEqual(bank.slice(260, 270));
  });
});

/** `npm run simulate -- --quick` still runs end to end: every family, every baseline, common random numbers. */
describe('simulate --quick', () => {
  it('prints a table per family with each policy; one policy under two names differs by exactly 0', () => {
    const policies = "queue before,queue:after-new/lowest-recall/weakest,queue,original's rule,random,leitner";
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/simulate-daily-quiz.ts', '--quick', '--policies', policies],
      { encoding: 'utf8' },
    );
    for (const family of ['fsrs-far (the scheduler’s own family)', 'act-r', 'hlr', 'mcm'])
      expect(out).toContain(`### ${family}, 60 questions, 10 a day`);
    for (const policy of ['queue', "original's rule", 'random', 'leitner'])
      expect(out.split(`| ${policy} |`).length - 1).toBe(4);
    // The same learners meet the same answer noise under every policy, so the same policy run twice
    // (once under its alias) gives the same recall, learner by learner, in every family.
    const twin =
      '- queue before minus queue:after-new/lowest-recall/weakest: day 10 +0.0 ± 0.0, day 20 +0.0 ± 0.0, day 30 +0.0 ± 0.0';
    expect(out.split(twin).length - 1).toBe(4);
  }, 120_000);
});
