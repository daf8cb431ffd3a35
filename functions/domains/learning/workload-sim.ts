import { engineFor, type Scheduler } from './fsrs.js';

/**
 * The retention helper (D330): the learner's next year simulated with their own FSRS weights at
 * several desired retentions, so they see the workload a choice costs before they make it.
 *
 * Assumptions (docs/learning.md "Workload"): a fixed number of new cards every day, none before
 * (the workload a setting brings, not the backlog the learner has); every due card is reviewed on
 * its day (no review cap); a card is recalled with the probability its forgetting curve gives, and
 * a recalled card is graded Good; a new card's first grade follows Anki's default first-rating
 * shares, and a first Again or Hard, like a lapse, is followed by one Good the same day (the
 * learning step). Intervals are unfuzzed. Cards are independent, so the simulation follows
 * {@link SAMPLE_NEW_PER_DAY} cards a day and scales to the learner's number: its cost does not
 * grow with the setting. The random draws are shared between retentions (common random numbers):
 * the differences are the retention's, not the noise's.
 */

export const SIMULATED_DAYS = 365;
/** The desired retentions compared (the product's range, 0.80–0.97). */
export const SIMULATED_RETENTIONS = [0.8, 0.83, 0.86, 0.9, 0.93, 0.95, 0.97] as const;
const SAMPLE_NEW_PER_DAY = 10;
/** Anki's default shares of a new card's first grade (Again, Hard, Good, Easy). */
const FIRST_GRADES = [0.24, 0.094, 0.495, 0.171];

export interface RetentionOutcome {
  retention: number;
  /** Reviews a day, averaged over the year. */
  average_reviews: number;
  /** Reviews a day, averaged per week (53 weeks; the last has one day). */
  weekly_reviews: number[];
  /** Share of due reviews recalled. */
  recall_at_review: number;
  /** Cards expected to be recalled at the end of the year (the sum of their recall probabilities). */
  memorized: number;
}

/** A small seeded generator (mulberry32): the same seed draws the same numbers in every retention. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function firstGrade(u: number): number {
  let sum = 0;
  for (let g = 0; g < FIRST_GRADES.length; g++) {
    sum += FIRST_GRADES[g]!;
    if (u < sum) return g + 1;
  }
  return 4;
}

/** One retention's year: reviews per day, recalls and what is known at the end, for `sample` cards a day. */
function simulateRetention(scheduler: Scheduler, days: number, sample: number) {
  const { engine } = scheduler;
  const maximum = engine.parameters.maximum_interval;
  const modifier = engine.interval_modifier;
  const intervalOf = (stability: number) => Math.min(Math.max(1, Math.round(stability * modifier)), maximum);
  const reviews = new Float64Array(days);
  let recalled = 0;
  let due = 0;
  let memorized = 0;
  for (let start = 0; start < days; start++) {
    for (let c = 0; c < sample; c++) {
      const draw = generator(start * 100_003 + c * 7919 + 1);
      const grade = firstGrade(draw());
      let state = engine.next_state(null, 0, grade);
      reviews[start]! += 1;
      if (grade < 3) {
        state = engine.next_state(state, 0, 3);
        reviews[start]! += 1;
      }
      let last = start;
      let day = start + intervalOf(state.stability);
      while (day < days) {
        const elapsed = day - last;
        const recall = engine.forgetting_curve(elapsed, state.stability);
        const ok = draw() < recall;
        due += 1;
        reviews[day]! += 1;
        if (ok) {
          recalled += 1;
          state = engine.next_state(state, elapsed, 3);
        } else {
          state = engine.next_state(engine.next_state(state, elapsed, 1), 0, 3);
          reviews[day]! += 1;
        }
        last = day;
        day += intervalOf(state.stability);
      }
      memorized += engine.forgetting_curve(days - last, state.stability);
    }
  }
  return { reviews, recallAtReview: due ? recalled / due : 1, memorized };
}

/**
 * The year at each of {@link SIMULATED_RETENTIONS} for a learner with `weights` (null: FSRS-6's
 * defaults) who learns `newPerDay` new cards a day.
 */
export function simulateRetentions(
  weights: readonly number[] | null,
  newPerDay: number,
  days = SIMULATED_DAYS,
): RetentionOutcome[] {
  const key = `${weights ? weights.join(',') : ''}|${newPerDay}|${days}`;
  const cached = outcomes.get(key);
  if (cached) return cached;
  if (outcomes.size >= OUTCOME_CACHE_MAX) outcomes.clear();
  const computed = simulate(weights, newPerDay, days);
  outcomes.set(key, computed);
  return computed;
}

/** Years already simulated (a warm Lambda answers the same learner's form again without the work). */
const outcomes = new Map<string, RetentionOutcome[]>();
const OUTCOME_CACHE_MAX = 32;

function simulate(weights: readonly number[] | null, newPerDay: number, days: number): RetentionOutcome[] {
  const scale = newPerDay / SAMPLE_NEW_PER_DAY;
  return SIMULATED_RETENTIONS.map((retention) => {
    const run = simulateRetention(engineFor(retention, weights), days, SAMPLE_NEW_PER_DAY);
    const weekly: number[] = [];
    for (let week = 0; week * 7 < days; week++) {
      const slice = run.reviews.subarray(week * 7, Math.min(days, week * 7 + 7));
      weekly.push(round1((slice.reduce((sum, n) => sum + n, 0) / slice.length) * scale));
    }
    const total = run.reviews.reduce((sum, n) => sum + n, 0);
    return {
      retention,
      average_reviews: round1((total / days) * scale),
      weekly_reviews: weekly,
      recall_at_review: Math.round(run.recallAtReview * 1000) / 1000,
      memorized: Math.round(run.memorized * scale),
    };
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;
