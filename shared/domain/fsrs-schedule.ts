import {
  Rating,
  State,
  createEmptyCard,
  fsrs,
  generatorParameters,
  get_fuzz_range,
  type Card,
  type FSRS,
} from 'ts-fsrs';
import { LIMITS } from './limits.js';
import {
  addDays,
  DEFAULT_LEARNER_DAY,
  learnerClockMs,
  learnerDay,
  learnerDaySettings,
  learnerDayStart,
  type LearnerDaySettings,
} from './learner-day.js';

/**
 * FSRS scheduling of one question for one user (ts-fsrs, FSRS-6 default parameters: 21 weights,
 * request retention 0.9, short-term learning steps 1m/10m, fuzzed intervals so a day's reviews do
 * not bunch; the fuzz is seeded by the review time, so a step is still deterministic).
 * A wrong answer is Rating.Again, a right one Rating.Good. The card is stored on the QSTAT item
 * as plain JSON (ISO dates, lower-case state names).
 *
 * The learner's day (D120): ts-fsrs counts elapsed days as UTC calendar dates. It is given the
 * learner-day clock instead (`learnerClockMs`: local wall-clock time minus the rollover hour, whose
 * UTC date is the learner day), so elapsed days are learner days. A card scheduled in days is due
 * at the start of its learner day; a learning step (minutes) is due that long after the answer.
 *
 * In shared/ (D385): the server grades with it and the Review screen, offline, shows the grade buttons'
 * intervals and keeps its local guess of a card with it, so both schedule with one rule. ts-fsrs is the
 * one package shared/domain may import besides zod (a pure algorithm, no I/O).
 */
export type FsrsStateName = 'new' | 'learning' | 'review' | 'relearning';

export interface FsrsCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: FsrsStateName;
  last_review: string | null;
}

const STATE_NAMES: Record<State, FsrsStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES: Record<FsrsStateName, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** A learner's ts-fsrs engine: their request retention and, once fitted, their own weights. */
export interface Scheduler {
  retention: number;
  /** The fitted weights, or null for the defaults. */
  weights: readonly number[] | null;
  engine: FSRS;
}

/** The desired retention a user item holds, or the default when absent or out of range. */
export function desiredRetentionOf(user: { desired_retention?: unknown } | null | undefined): number {
  const { min, max, default: fallback } = LIMITS.desiredRetention;
  const value = user?.desired_retention;
  return typeof value === 'number' && value >= min && value <= max ? value : fallback;
}

/** Engines by retention and weights (a warm Lambda or a browser tab serves few learners; the cache is emptied past its size). */
const engines = new Map<string, Scheduler>();
const ENGINE_CACHE_MAX = 64;

/** The engine of a retention and a set of weights (null: FSRS-6's defaults), cached. */
export function engineFor(retention: number, weights: readonly number[] | null = null): Scheduler {
  const key = `${retention}|${weights ? weights.join(',') : ''}`;
  let scheduler = engines.get(key);
  if (!scheduler) {
    if (engines.size >= ENGINE_CACHE_MAX) engines.clear();
    const parameters = generatorParameters({
      enable_fuzz: true,
      request_retention: retention,
      ...(weights ? { w: [...weights] } : {}),
    });
    scheduler = { retention, weights, engine: fsrs(parameters) };
    engines.set(key, scheduler);
  }
  return scheduler;
}

/** The product's defaults: retention 0.9, FSRS-6's weights. */
const defaultScheduler = () => engineFor(LIMITS.desiredRetention.default);

function toCard(stored: FsrsCard | undefined, now: Date): Card {
  if (!stored || !STATES[stored.state]) return createEmptyCard(now);
  return {
    due: new Date(stored.due),
    stability: Number(stored.stability),
    difficulty: Number(stored.difficulty),
    elapsed_days: Number(stored.elapsed_days ?? 0),
    scheduled_days: Number(stored.scheduled_days ?? 0),
    learning_steps: Number(stored.learning_steps ?? 0),
    reps: Number(stored.reps ?? 0),
    lapses: Number(stored.lapses ?? 0),
    state: STATES[stored.state],
    last_review: stored.last_review ? new Date(stored.last_review) : undefined,
  };
}

function fromCard(card: Card): FsrsCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** A card never reviewed. */
export function newCard(now: Date): FsrsCard {
  return fromCard(createEmptyCard(now));
}

export type Grade = 'again' | 'hard' | 'good' | 'easy';
const RATINGS: Record<Grade, Rating.Again | Rating.Hard | Rating.Good | Rating.Easy> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A right answer is Good, a wrong one Again. */
export const gradeOf = (correct: boolean): Grade => (correct ? 'good' : 'again');

/**
 * One review: the card after answering right (Good) or wrong (Again), or with an explicit grade,
 * at `now`, with elapsed days counted in the learner's days (`day`; Asia/Seoul with a 04:00
 * rollover when not given).
 */
export function reviewCard(
  stored: FsrsCard | undefined,
  answer: boolean | Grade,
  now: Date,
  day: LearnerDaySettings = DEFAULT_LEARNER_DAY,
  scheduler: Scheduler = defaultScheduler(),
  place?: DuePlacement,
): FsrsCard {
  const grade = typeof answer === 'boolean' ? gradeOf(answer) : answer;
  const card = toCard(stored, now);
  // A clock going backwards (a card reviewed "later" by another device) must not throw.
  const realNow = card.last_review && card.last_review > now ? card.last_review : now;
  let clockNow = learnerClockMs(realNow, day);
  if (card.last_review) {
    const clockLast = learnerClockMs(card.last_review, day);
    // The learner clock steps back an hour in a DST fall-back: never let it run backwards.
    clockNow = Math.max(clockNow, clockLast);
    card.last_review = new Date(clockLast);
  }
  const next = scheduler.engine.next(card, new Date(clockNow), RATINGS[grade]).card;
  const out = fromCard(next);
  out.last_review = realNow.toISOString();
  if (place && next.state === State.Review && next.scheduled_days >= 1) {
    const range = fuzzRangeOf(scheduler, next, elapsedLearnerDays(stored, realNow, day));
    if (range) out.scheduled_days = place(range, learnerDay(realNow, day));
  }
  out.due =
    out.scheduled_days >= 1
      ? learnerDayStart(addDays(learnerDay(realNow, day), out.scheduled_days), day).toISOString()
      : new Date(realNow.getTime() + (next.due.getTime() - clockNow)).toISOString();
  return out;
}

/** The interval range the fuzz drew from, and its draw (days from the review's learner day). */
export interface FuzzRange {
  min: number;
  max: number;
  fuzzed: number;
  /**
   * An interval too short to fuzz (2 days): the range is the day either side, open to Easy Days
   * only (a reduced or minimum day must not be the one day a new card's first interval can take).
   */
  short?: boolean;
}

/**
 * Chooses a review's interval inside its fuzz range (the load balancer and Easy Days, D327): given
 * the range and the learner day of the review, the interval to keep.
 */
export type DuePlacement = (range: FuzzRange, today: string) => number;

/**
 * The fuzz range ts-fsrs drew the interval from: the unfuzzed interval of the new stability at the
 * engine's retention, widened as `get_fuzz_range` does. An unfuzzed interval of 2 days gets the
 * short range 1–3 (D327). Null for a day's interval, or one moved out of its range (ts-fsrs keeps
 * Good longer than Hard).
 */
function fuzzRangeOf(scheduler: Scheduler, next: Card, elapsedDays: number): FuzzRange | null {
  const maximum = scheduler.engine.parameters.maximum_interval;
  const raw = Math.min(Math.max(1, Math.round(next.stability * scheduler.engine.interval_modifier)), maximum);
  if (raw < 2.5) {
    const fuzzed = next.scheduled_days;
    return fuzzed === 2 && maximum >= 3 ? { min: 1, max: 3, fuzzed, short: true } : null;
  }
  const { min_ivl: min, max_ivl: max } = get_fuzz_range(raw, elapsedDays, maximum);
  const fuzzed = next.scheduled_days;
  return fuzzed >= min && fuzzed <= max ? { min, max, fuzzed } : null;
}

/** The fuzz range a review would draw its interval from (null: none), computed as {@link reviewCard} does. */
export function reviewFuzzRange(
  stored: FsrsCard | undefined,
  answer: boolean | Grade,
  now: Date,
  day: LearnerDaySettings = DEFAULT_LEARNER_DAY,
  scheduler: Scheduler = defaultScheduler(),
): FuzzRange | null {
  let seen: FuzzRange | null = null;
  reviewCard(stored, answer, now, day, scheduler, (range) => {
    seen = range;
    return range.fuzzed;
  });
  return seen;
}

export const GRADES: readonly Grade[] = ['again', 'hard', 'good', 'easy'];

/**
 * Seconds from `now` to the card's next due time for each grade, as the Review screen shows on its
 * buttons: the same computation as {@link reviewCard}, so a grade lands where its button said.
 */
export function nextIntervals(
  stored: FsrsCard | undefined,
  now: Date,
  day: LearnerDaySettings = DEFAULT_LEARNER_DAY,
  scheduler: Scheduler = defaultScheduler(),
): Record<Grade, number> {
  const out = {} as Record<Grade, number>;
  for (const grade of GRADES) {
    const next = reviewCard(stored, grade, now, day, scheduler);
    out[grade] = Math.max(0, Math.round((Date.parse(next.due) - now.getTime()) / 1000));
  }
  return out;
}

/** Elapsed learner days from the card's last review to `now` (what the next review will count). */
export function elapsedLearnerDays(
  stored: FsrsCard | undefined,
  now: Date,
  day: LearnerDaySettings = DEFAULT_LEARNER_DAY,
): number {
  if (!stored?.last_review) return 0;
  return Math.max(
    0,
    Math.round(
      (Date.parse(learnerDay(now, day)) - Date.parse(learnerDay(new Date(stored.last_review), day))) / 86_400_000,
    ),
  );
}

/**
 * The probability of recalling the card at `now`: the FSRS-6 forgetting curve over the fractional
 * days since the last review (0 for a card never reviewed). Fractional, not whole days, so cards
 * answered yesterday evening and this morning rank by how long ago they really were (D120).
 */
export function retrievability(stored: FsrsCard, now: Date, scheduler: Scheduler = defaultScheduler()): number {
  if (!stored.last_review || stored.state === 'new') return 0;
  const days = Math.max(0, (now.getTime() - Date.parse(stored.last_review)) / 86_400_000);
  return scheduler.engine.forgetting_curve(days, Number(stored.stability));
}

/** Whether the card belongs on the sparse "due" index (review and relearning cards only). */
export function isScheduled(card: FsrsCard): boolean {
  return card.state === 'review' || card.state === 'relearning';
}

/** What a user item (or the caller's projection of it) holds that scheduling needs. */
export interface SchedulingUser {
  time_zone?: unknown;
  day_rollover_hour?: unknown;
  /** Fitted FSRS-6 weights (21 numbers, `fsrs-fit.ts`); absent until a fit beat the defaults. */
  fsrs_weights?: unknown;
  /** The learner's desired retention (0.80–0.97); absent: 0.9. */
  desired_retention?: unknown;
}

/** One learner's scheduler: their day, retention and weights, for every path that reviews or ranks a card. */
export interface LearnerScheduler extends Scheduler {
  day: LearnerDaySettings;
  review(stored: FsrsCard | undefined, answer: boolean | Grade, now: Date): FsrsCard;
  retrievability(stored: FsrsCard, now: Date): number;
}

const WEIGHT_COUNT = 21;
const usableWeights = (value: unknown): number[] | null =>
  Array.isArray(value) &&
  value.length === WEIGHT_COUNT &&
  value.every((w) => typeof w === 'number' && Number.isFinite(w))
    ? (value as number[])
    : null;

/**
 * The scheduler of `user`: their learner day (D120), their desired retention and their fitted weights
 * when they have them. Every path that grades a card (submit, the statistics job, the review screen) and
 * ranks by recall should take it from here, so a fit changes the learner's schedule everywhere.
 */
export function schedulerFor(user?: SchedulingUser | null): LearnerScheduler {
  const day = learnerDaySettings(user);
  const engine = engineFor(desiredRetentionOf(user), usableWeights(user?.fsrs_weights));
  return {
    ...engine,
    day,
    review: (stored, answer, now) => reviewCard(stored, answer, now, day, engine),
    retrievability: (stored, now) => retrievability(stored, now, engine),
  };
}
