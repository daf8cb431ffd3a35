import { describe, expect, it } from 'vitest';
import { orderReviewQueue, type QueueInput } from '../../functions/domains/learning/review-queue.js';
import { nextIntervals, reviewCard, schedulerFor, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import { nextStat } from '../../functions/domains/learning/question-stat.js';

const now = new Date('2026-03-10T03:00:00Z');
const day = 86_400_000;

/** A review card last seen `ago` days before `now` with `stability` days. */
function card(ago: number, stability: number): FsrsCard {
  return {
    due: new Date(now.getTime() - day).toISOString(),
    stability,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: Math.round(stability),
    learning_steps: 0,
    reps: 3,
    lapses: 0,
    state: 'review',
    last_review: new Date(now.getTime() - ago * day).toISOString(),
  };
}

function input(overrides: Partial<QueueInput> = {}): QueueInput {
  const ids = ['d1', 'd2', 'd3', 'n1', 'n2', 'n3', 'n4', 'l1', 'l2'];
  return {
    due: [
      { questionId: 'd1', card: card(3, 10) },
      { questionId: 'd2', card: card(10, 2) },
      { questionId: 'd3', card: card(5, 5) },
    ],
    learning: [
      { questionId: 'l2', due: new Date(now.getTime() - 60_000).toISOString() },
      { questionId: 'l1', due: new Date(now.getTime() - 120_000).toISOString() },
    ],
    candidates: ['n1', 'n2', 'n3', 'n4'].map((questionId) => ({ questionId, unseen: true })),
    available: new Set(ids),
    ignored: new Set(),
    limits: { newPerDay: 20, reviewsPerDay: 200 },
    doneToday: { new: 0, reviews: 0 },
    now,
    pageSize: 20,
    // The layout these tests check: steps after new cards, lowest recall first (the defaults are in review-priority.test.ts).
    learningSteps: 'after-new',
    dueOrder: 'lowest-recall',
    ...overrides,
  };
}

const ids = (out: ReturnType<typeof orderReviewQueue>) => out.page.map((e) => `${e.kind}:${e.questionId}`);

describe('review queue order', () => {
  it('puts due cards first (lowest recall first), then new in exam order, then learning steps due (earliest first)', () => {
    const out = orderReviewQueue(input());
    expect(ids(out)).toEqual([
      'due:d2',
      'due:d3',
      'due:d1',
      'new:n1',
      'new:n2',
      'new:n3',
      'new:n4',
      'learning:l1',
      'learning:l2',
    ]);
    expect(out.counts).toEqual({ new: 4, learning: 2, learning_now: 2, due: 3 });
    expect(out.nextLearningDue).toBeNull();
  });

  it('applies the new-card and review limits minus what was done today; learning is never limited', () => {
    const out = orderReviewQueue(
      input({ limits: { newPerDay: 3, reviewsPerDay: 4 }, doneToday: { new: 1, reviews: 2 } }),
    );
    expect(ids(out)).toEqual(['due:d2', 'due:d3', 'new:n1', 'new:n2', 'learning:l1', 'learning:l2']);
    expect(orderReviewQueue(input({ limits: { newPerDay: 0, reviewsPerDay: 0 } })).counts).toEqual({
      new: 0,
      learning: 2,
      learning_now: 2,
      due: 0,
    });
  });

  it('leaves out ignored, unavailable and already answered questions; reports the next waiting step', () => {
    const later = new Date(now.getTime() + 600_000).toISOString();
    const out = orderReviewQueue(
      input({
        ignored: new Set(['d2', 'n1']),
        available: new Set(['d1', 'd2', 'n1', 'n2', 'n3', 'l1']),
        candidates: [
          { questionId: 'n1', unseen: true },
          { questionId: 'n2', unseen: false },
          { questionId: 'n3', unseen: true },
        ],
        learning: [{ questionId: 'l1', due: later }],
      }),
    );
    expect(ids(out)).toEqual(['due:d1', 'new:n3']);
    expect(out.counts).toEqual({ new: 1, learning: 1, learning_now: 0, due: 1 });
    expect(out.nextLearningDue).toBe(later);
  });

  it('with nothing due and no new card left, shows a learning step due within the learn-ahead limit', () => {
    const minute = 60_000;
    const at = (m: number) => new Date(now.getTime() + m * minute).toISOString();
    const learning = [
      { questionId: 'l1', due: at(1) },
      { questionId: 'l2', due: at(19) },
      { questionId: 'd1', due: at(45) },
    ];
    const ahead = 20 * minute;
    // New cards left: a step is ready only when due, as before; the screen looks again at the step's time.
    const busy = orderReviewQueue(input({ due: [], learning, learnAheadMs: ahead }));
    expect(ids(busy)).toEqual(['new:n1', 'new:n2', 'new:n3', 'new:n4']);
    expect(busy.counts.learning_now).toBe(0);
    expect(busy.nextLearningDue).toBe(at(1));
    // Nothing else: the steps within 20 minutes are ready now, earliest first; the next one comes 20
    // minutes before its step.
    const idle = orderReviewQueue(input({ due: [], candidates: [], learning, learnAheadMs: ahead }));
    expect(ids(idle)).toEqual(['learning:l1', 'learning:l2']);
    expect(idle.counts).toEqual({ new: 0, learning: 3, learning_now: 2, due: 0 });
    expect(idle.nextLearningDue).toBe(at(25));
    // Without a learn-ahead limit (the daily exam), nothing early.
    const daily = orderReviewQueue(input({ due: [], candidates: [], learning }));
    expect(ids(daily)).toEqual([]);
    expect(daily.nextLearningDue).toBe(at(1));
  });

  it('cuts the page at its size and never repeats a question', () => {
    const out = orderReviewQueue(
      input({
        pageSize: 4,
        candidates: [
          { questionId: 'd1', unseen: true },
          { questionId: 'n1', unseen: true },
        ],
      }),
    );
    expect(ids(out)).toEqual(['due:d2', 'due:d3', 'due:d1', 'new:n1']);
  });
});

describe('next intervals and the learner scheduler', () => {
  it('shows on each button where that grade puts the card', () => {
    const reviewed = card(3, 10);
    const intervals = nextIntervals(reviewed, now);
    for (const grade of ['again', 'hard', 'good', 'easy'] as const) {
      const after = reviewCard(reviewed, grade, now);
      expect(intervals[grade]).toBe(Math.round((Date.parse(after.due) - now.getTime()) / 1000));
    }
    expect(intervals.again).toBeLessThan(intervals.hard);
    expect(intervals.hard).toBeLessThanOrEqual(intervals.good);
    expect(intervals.good).toBeLessThan(intervals.easy);
  });

  it('a higher desired retention gives shorter intervals; out-of-range settings fall back to 0.9', () => {
    const reviewed = card(10, 30);
    const low = nextIntervals(reviewed, now, undefined, schedulerFor({ desired_retention: 0.8 }));
    const high = nextIntervals(reviewed, now, undefined, schedulerFor({ desired_retention: 0.97 }));
    expect(high.good).toBeLessThan(low.good);
    expect(schedulerFor({ desired_retention: 0.5 }).retention).toBe(0.9);
    expect(schedulerFor(null).retention).toBe(0.9);
    expect(schedulerFor({ desired_retention: 0.85 }).engine).toBe(schedulerFor({ desired_retention: 0.85 }).engine);
  });

  it('marks a leech at the eighth failure, with its sparse index', () => {
    let previous: Record<string, unknown> | undefined;
    for (let i = 1; i <= 8; i++) {
      const item = nextStat('u1', 'f-1', previous, [false], new Date(now.getTime() + i * day), 'e1');
      expect(!!item.leech).toBe(i === 8);
      previous = { ...item };
    }
    expect(previous).toMatchObject({ gsi2pk: 'USER#u1#LEECH', gsi2sk: '000008#f-1' });
  });
});
