import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_LEARNER_DAY, learnerDay, learnerDayStart } from '#shared/domain/learner-day.js';
import {
  DEFAULT_EASY_DAYS,
  EASY_DAY_MODES,
  easyDaysOf,
  placeInterval,
  weekdayOf,
  type EasyDays,
} from '#shared/domain/workload.js';
import {
  reviewCard,
  reviewFuzzRange,
  schedulerFor,
  type FsrsCard,
  type FuzzRange,
} from '../../functions/domains/learning/fsrs.js';
import { placementFrom } from '../../functions/domains/learning/workload-store.js';
import { planAdvance, planPostpone } from '../../functions/domains/learning/review-move.js';
import { simulateRetentions, SIMULATED_RETENTIONS } from '../../functions/domains/learning/workload-sim.js';

const SUNDAY = 6;
const settings = DEFAULT_LEARNER_DAY;
const starts = new Map<string, number>();
/** `hour` o'clock local time on learner day `day` (day starts are memoized: the simulation asks often). */
function at(day: string, hour = 10): Date {
  let start = starts.get(day);
  if (start === undefined) starts.set(day, (start = learnerDayStart(day, settings).getTime()));
  return new Date(start + (hour - settings.rolloverHour) * 3_600_000);
}

describe('placeInterval (Easy Days, load balancing)', () => {
  const modes = fc.constantFrom(...EASY_DAY_MODES);
  const input = fc
    .record({
      min: fc.integer({ min: 1, max: 200 }),
      width: fc.integer({ min: 0, max: 20 }),
      draw: fc.nat(),
      counts: fc.array(fc.nat({ max: 300 }), { minLength: 21, maxLength: 21 }),
      easy: fc.array(modes, { minLength: 7, maxLength: 7 }),
      balancing: fc.boolean(),
      start: fc.integer({ min: 0, max: 6 }),
    })
    .map(({ min, width, draw, counts, easy, balancing, start }) => ({
      min,
      max: min + width,
      fuzzed: min + (draw % (width + 1)),
      dueOn: (i: number) => counts[(i - min) % counts.length]!,
      weekday: (i: number) => (start + i) % 7,
      easyDays: easy as EasyDays,
      balancing,
    }));

  it('keeps every interval inside its fuzz range', () => {
    fc.assert(
      fc.property(input, (i) => {
        const chosen = placeInterval(i);
        expect(chosen).toBeGreaterThanOrEqual(i.min);
        expect(chosen).toBeLessThanOrEqual(i.max);
      }),
    );
  });

  it('without balancing and with every day normal, keeps the fuzz draw', () => {
    fc.assert(
      fc.property(input, (i) => placeInterval({ ...i, balancing: false, easyDays: DEFAULT_EASY_DAYS }) === i.fuzzed),
    );
  });

  it('with balancing on normal days, lands on a day of fewest due reviews', () => {
    fc.assert(
      fc.property(input, (i) => {
        const chosen = placeInterval({ ...i, balancing: true, easyDays: DEFAULT_EASY_DAYS });
        for (let d = i.min; d <= i.max; d++) expect(i.dueOn(chosen)).toBeLessThanOrEqual(i.dueOn(d));
      }),
    );
  });

  it('avoids a minimum day whenever the range holds another', () => {
    fc.assert(
      fc.property(input, (i) => {
        const chosen = placeInterval(i);
        const other = Array.from({ length: i.max - i.min + 1 }, (_, k) => i.min + k).some(
          (d) => i.easyDays[i.weekday(d)] !== 'minimum',
        );
        if (other && (i.balancing || i.easyDays[i.weekday(i.fuzzed)] !== 'normal'))
          expect(i.easyDays[i.weekday(chosen)]).not.toBe('minimum');
      }),
    );
  });

  it('reads the stored setting, defaulting what is not seven known modes', () => {
    expect(easyDaysOf({ easy_days: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'] })[6]).toBe(
      'minimum',
    );
    expect(easyDaysOf({ easy_days: ['normal'] })).toEqual(DEFAULT_EASY_DAYS);
    expect(easyDaysOf({ easy_days: Array(7).fill('holiday') })).toEqual(DEFAULT_EASY_DAYS);
    expect(weekdayOf('2026-03-08')).toBe(SUNDAY);
  });
});

/** A review card due `due` days from `today`, last reviewed `interval` days before that. */
function reviewAt(today: string, due: number, interval: number, stability: number): FsrsCard {
  return {
    due: learnerDayStart(addDays(today, due), settings).toISOString(),
    stability,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: interval,
    learning_steps: 0,
    reps: 4,
    lapses: 0,
    state: 'review',
    last_review: at(addDays(today, due - interval)).toISOString(),
  };
}

describe('the grade keeps its fuzz range', () => {
  it('a placed due day is a day the fuzz could have drawn', () => {
    const scheduler = schedulerFor({});
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 120 }),
        fc.double({ min: 2, max: 150, noNaN: true }),
        fc.constantFrom<'hard' | 'good' | 'easy'>('hard', 'good', 'easy'),
        fc.array(fc.nat({ max: 50 }), { minLength: 60, maxLength: 60 }),
        (interval, stability, grade, load) => {
          const today = '2026-03-10';
          const card = reviewAt(today, 0, interval, stability);
          const now = at(today);
          const range = reviewFuzzRange(card, grade, now, settings, scheduler);
          const counts = new Map(load.map((n, i) => [i, n]));
          const placed = reviewCard(card, grade, now, settings, scheduler, placementFrom({}, counts));
          const days = Math.round(
            (Date.parse(learnerDay(new Date(placed.due), settings)) - Date.parse(today)) / 86_400_000,
          );
          if (!range) expect(days).toBe(reviewCard(card, grade, now, settings, scheduler).scheduled_days);
          else {
            expect(days).toBeGreaterThanOrEqual(range.min);
            expect(days).toBeLessThanOrEqual(range.max);
            expect(placed.scheduled_days).toBe(days);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

/**
 * A learner over `days` days: `perDay` new cards a day (two Good answers: the learning step), every
 * due card answered Good on its day, due days placed by the product's rule with the simulated due
 * counts. Returns the reviews done each day.
 */
function simulateLearner(easyDays: EasyDays, days: number, perDay: number): number[] {
  const user = { easy_days: easyDays, load_balancing: true };
  const scheduler = schedulerFor({});
  const start = '2026-01-05';
  const due = new Map<string, Set<number>>();
  const cards: FsrsCard[] = [];
  const reviews: number[] = [];
  const schedule = (id: number, card: FsrsCard) => {
    const day = learnerDay(new Date(card.due), settings);
    if (!due.has(day)) due.set(day, new Set());
    due.get(day)!.add(id);
  };
  const place = (today: string) => (range: FuzzRange, day: string) => {
    const counts = new Map<number, number>();
    for (let i = range.min; i <= range.max; i++) counts.set(i, due.get(addDays(today, i))?.size ?? 0);
    return placementFrom(user, counts)(range, day);
  };
  for (let d = 0; d < days; d++) {
    const today = addDays(start, d);
    const ids = [...(due.get(today) ?? [])];
    due.delete(today);
    for (const id of ids) {
      cards[id] = reviewCard(cards[id], 'good', at(today), settings, scheduler, place(today));
      schedule(id, cards[id]!);
    }
    for (let n = 0; n < perDay; n++) {
      const id = cards.length;
      const first = reviewCard(undefined, 'good', at(today, 9), settings, scheduler);
      cards.push(reviewCard(first, 'good', at(today, 10), settings, scheduler, place(today)));
      schedule(id, cards[id]!);
    }
    // Reviews of cards already learned: the new cards a day are the learner's own limit, not Easy Days'.
    reviews.push(ids.length);
  }
  return reviews;
}

describe('Easy Days over a simulated learner', () => {
  it('a reduced Sunday carries at least 50 % fewer reviews while the 30-day total moves at most 3 %', () => {
    const sundayReduced: EasyDays = ['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'reduced'];
    const days = 90;
    const normal = simulateLearner(DEFAULT_EASY_DAYS, days, 10);
    const reduced = simulateLearner(sundayReduced, days, 10);
    // The last 30 days: the schedule has settled.
    const window = (r: number[]) => r.slice(days - 30);
    const sundays = (r: number[]) =>
      window(r)
        .filter((_, i) => weekdayOf(addDays('2026-01-05', days - 30 + i)) === SUNDAY)
        .reduce((a, b) => a + b, 0);
    const total = (r: number[]) => window(r).reduce((a, b) => a + b, 0);
    expect(sundays(reduced)).toBeLessThanOrEqual(0.5 * sundays(normal));
    expect(Math.abs(total(reduced) - total(normal)) / total(normal)).toBeLessThanOrEqual(0.03);
  }, 30_000); // two simulated learners of 90 days: about a second idle, more on a loaded machine
});

describe('postpone and advance choose least harm first', () => {
  const today = '2026-03-10';
  const scheduler = schedulerFor({});
  const candidates = [
    { questionId: 'a', card: reviewAt(today, 0, 5, 5) },
    { questionId: 'b', card: reviewAt(today, -2, 40, 40) },
    { questionId: 'c', card: reviewAt(today, 0, 100, 100) },
    { questionId: 'd', card: reviewAt(today, 3, 10, 10) },
    { questionId: 'e', card: reviewAt(today, 1, 60, 60) },
    { questionId: 'f', card: { ...reviewAt(today, 0, 1, 1), state: 'relearning' as const } },
  ];

  it('postpones due review cards, the least recall lost first, never before tomorrow', () => {
    const plan = planPostpone(candidates, 2, today, scheduler);
    // b (40 days, already two overdue) and c (100 days) lose least recall by waiting; a (5 days) most.
    expect(plan.map((m) => m.questionId)).toEqual(['b', 'c']);
    for (const move of plan) expect(move.to > today).toBe(true);
    expect(planPostpone(candidates, 10, today, scheduler).map((m) => m.questionId)).toEqual(['b', 'c', 'a']);
  });

  it('advances later cards to today, the closest to their due point first', () => {
    const plan = planAdvance(candidates, 10, today, scheduler);
    expect(plan.map((m) => m.questionId).sort()).toEqual(['d', 'e']);
    expect(plan.every((m) => m.to === today)).toBe(true);
    const recallNow = (id: string) =>
      scheduler.retrievability(candidates.find((c) => c.questionId === id)!.card, learnerDayStart(today, settings));
    expect(recallNow(plan[0]!.questionId)).toBeLessThanOrEqual(recallNow(plan[1]!.questionId));
  });

  it('never moves more than asked, nor a card twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (count) => {
        for (const plan of [
          planPostpone(candidates, count, today, scheduler),
          planAdvance(candidates, count, today, scheduler),
        ]) {
          expect(plan.length).toBeLessThanOrEqual(count);
          expect(new Set(plan.map((m) => m.questionId)).size).toBe(plan.length);
        }
      }),
    );
  });
});

describe('the retention helper', () => {
  it('a higher desired retention costs more reviews and recalls more, in well under a second', () => {
    const started = performance.now();
    const outcomes = simulateRetentions(null, 20);
    const elapsed = performance.now() - started;
    expect(outcomes.map((o) => o.retention)).toEqual([...SIMULATED_RETENTIONS]);
    for (let i = 1; i < outcomes.length; i++) {
      expect(outcomes[i]!.average_reviews).toBeGreaterThan(outcomes[i - 1]!.average_reviews);
      expect(outcomes[i]!.recall_at_review).toBeGreaterThan(outcomes[i - 1]!.recall_at_review);
    }
    for (const o of outcomes) expect(Math.abs(o.recall_at_review - o.retention)).toBeLessThan(0.03);
    expect(outcomes[0]!.weekly_reviews).toHaveLength(53);
    expect(elapsed).toBeLessThan(2000);
  });

  it('scales with new cards a day: twice the cards, twice the reviews', () => {
    const [ten] = simulateRetentions(null, 10, 120);
    const [twenty] = simulateRetentions(null, 20, 120);
    expect(twenty!.average_reviews).toBeCloseTo(2 * ten!.average_reviews, 0);
  });
});
