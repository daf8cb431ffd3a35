import { fsrs, generatorParameters } from 'ts-fsrs';
import { LIMITS } from '#shared/domain/limits.js';
import { shuffled, type RandomSource } from '#shared/domain/question-order.js';
import {
  DUE_ORDERS,
  elapsedLearnerDays,
  engineFor,
  fitWeights,
  retrievability,
  wrongRate,
  type DailyQuestionStat,
  type DueOrder,
  type FillOrder,
  type LearningPlacement,
  type Scheduler,
  type FitItem,
  type FitReview,
} from '../../functions/domains/learning/index.js';
import { queueChoice, type QueueChoiceInput } from '../simulate-queue.js';
import * as PROBE from './probe.js';
import { newShareFor, type NewShareRule, type RecallObservation } from '#shared/domain/new-card-share.js';

/**
 * The daily-exam policies `npm run simulate` compares, each spending `count` answers a day: the
 * product's queue (its own pure functions, with the rules under decision as options), the
 * original's rule, random and a Leitner box system.
 */

export type SlotKind = 'due' | 'unseen' | 'learning' | 'weakest' | 'other';

export interface DayInput {
  /** The bank in exam order. */
  ids: readonly string[];
  /** What the server would hold: counts and, for the queue, the FSRS card. */
  stats: ReadonlyMap<string, DailyQuestionStat>;
  day: number;
  now: Date;
  count: number;
  random: RandomSource;
}

export interface PolicyRun {
  choose(input: DayInput): { id: string; kind: SlotKind }[] | Promise<{ id: string; kind: SlotKind }[]>;
  /** The scheduler grading today's answers when it changes during the run (a fitted learner's); the policy's when absent. */
  scheduler?(): Scheduler;
  answered?(id: string, correct: boolean, day: number): void;
}

export interface Policy {
  make(): PolicyRun;
  /** The scheduler that grades the answers into FSRS cards (the queue's); none for the baselines. */
  scheduler?: Scheduler;
}

const NO_STEPS: Scheduler = {
  retention: LIMITS.desiredRetention.default,
  weights: null,
  engine: fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: false })),
};

/** Day-level learning steps: a first Again or Good comes back the next day once before graduating. */
const DAY_STEPS: Scheduler = {
  retention: LIMITS.desiredRetention.default,
  weights: null,
  engine: fsrs(generatorParameters({ enable_fuzz: true, learning_steps: ['1d', '1d'], relearning_steps: ['1d'] })),
};

/**
 * steps-off: no short-term steps, steps after new cards (as D314 measured it); steps-off-reserve: no
 * short-term steps with the reserve for new cards; day-steps: day-level steps with the reserve.
 */
export type StepRule = LearningPlacement | 'steps-off' | 'steps-off-reserve' | 'day-steps';
const STEP_RULES: readonly StepRule[] = [
  'after-new',
  'after-new-ranked',
  'with-due',
  'with-due-reserve',
  'steps-off',
  'steps-off-reserve',
  'day-steps',
];
const SCHEDULERS: Partial<Record<StepRule, Scheduler>> = {
  'steps-off': NO_STEPS,
  'steps-off-reserve': NO_STEPS,
  'day-steps': DAY_STEPS,
};
const FILLS: readonly FillOrder[] = ['weakest', 'lowest-recall'];

/**
 * `queue:<steps>/<due order>/<fill>[/<new share>]`: the product's queue with the learning-step rule
 * (steps after new cards, steps ranked with the due reviews, no short-term steps or day-level steps
 * for the daily exam's answers), the due order, the fill order and the share of the page kept for
 * new cards (a fraction such as 1/2; the product's default when absent).
 */
export function queuePolicy(spec: string): Policy {
  const { scheduler, options } = queueSpec(spec);
  return {
    scheduler,
    make: () => ({
      choose: ({ ids, stats, now, count }) =>
        queueChoice({ ids, stats, now, count, ...options }).map((pick) => ({ id: pick.questionId, kind: pick.reason })),
    }),
  };
}

type QueueOptions = Pick<QueueChoiceInput, 'dueOrder' | 'learningSteps' | 'fill' | 'newShare'>;

function queueSpec(spec: string): { scheduler: Scheduler; options: QueueOptions } {
  const [steps, dueOrder, fill, shareText] = spec.split('/') as [StepRule, DueOrder, FillOrder, string?];
  if (!STEP_RULES.includes(steps) || !DUE_ORDERS.includes(dueOrder) || !FILLS.includes(fill))
    throw new Error(
      `queue:<${STEP_RULES.join('|')}>/<${DUE_ORDERS.join('|')}>/<${FILLS.join('|')}>[/<a>:<b>], got ${spec}`,
    );
  const [a, b] = (shareText ?? '').split(':').map(Number);
  const newShare = shareText === undefined ? undefined : a! / b!;
  if (newShare !== undefined && !(newShare > 0 && newShare <= 1))
    throw new Error(`share a:b in (0, 1], got ${shareText}`);
  const learningSteps: LearningPlacement =
    steps === 'steps-off'
      ? 'after-new'
      : steps === 'steps-off-reserve' || steps === 'day-steps'
        ? 'with-due-reserve'
        : steps;
  return {
    scheduler: SCHEDULERS[steps] ?? engineFor(LIMITS.desiredRetention.default),
    options: { dueOrder, learningSteps, fill, newShare },
  };
}

const fraction = (text: string) => {
  const [a, b] = text.split('/').map(Number);
  const value = a! / b!;
  if (!(value > 0 && value <= 1)) throw new Error(`a share a/b in (0, 1], got ${text}`);
  return value;
};

/**
 * `queue-adaptive:<threshold>:<min>:<fast>~<slow>`: the product's queue whose rules follow the
 * learner's own answers (`forgettingShape`, D485), re-read every 7 days as the weekly fit job would,
 * from every later-day answer so far with the recall the scheduler's curve predicted for it. `fast`
 * and `slow` are each a new-card share `a/b` (the product's queue with that share) or a queue spec
 * `<steps>/<due order>/<fill>[/<a>:<b>]`; below `min` answers in either gap group, the product's queue.
 */
function adaptivePolicy(spec: string): Policy {
  const [threshold, min, ...rest] = spec.split(':');
  const [fastText, slowText] = rest.join(':').split('~') as [string, string];
  const side = (text: string): QueueOptions =>
    /^\d+\/\d+$/.test(text) ? { newShare: fraction(text) } : queueSpec(text).options;
  const variants = [side(fastText), side(slowText), {}];
  // The rule picks a variant by index: fast 0, slow 1, too few answers 2.
  const rule: NewShareRule = {
    fallback: 2,
    fast: 0,
    slow: 1,
    threshold: Number(threshold),
    minObservations: Number(min),
  };
  const curve = engineFor(LIMITS.desiredRetention.default);
  return {
    scheduler: curve,
    make: () => {
      let stats: ReadonlyMap<string, DailyQuestionStat> = new Map();
      let now = new Date();
      let variant = variants[2]!;
      const observations: RecallObservation[] = [];
      return {
        choose: (input) => {
          stats = input.stats;
          now = input.now;
          if (input.day % 7 === 0) variant = variants[newShareFor(observations, rule)]!;
          return queueChoice({ ...input, ...variant }).map((pick) => ({ id: pick.questionId, kind: pick.reason }));
        },
        answered: (id, recalled) => {
          const card = stats.get(id)?.fsrs;
          if (card?.last_review)
            observations.push({
              elapsedDays: elapsedLearnerDays(card, now),
              predicted: retrievability(card, now, curve),
              recalled,
            });
        },
      };
    },
  };
}

/**
 * `queue-fitted`: the product's queue for a learner the weekly fit job fits (`fitWeights` on the
 * review log so far, every 7 days, from the weights in use; kept only when it predicts the held-back
 * fifth better): the weights in use grade the answers and rank the queue (its curve).
 */
function fittedPolicy(): Policy {
  const defaults = engineFor(LIMITS.desiredRetention.default);
  return {
    scheduler: defaults,
    make: () => {
      let engine = defaults;
      let stats: ReadonlyMap<string, DailyQuestionStat> = new Map();
      let now = new Date();
      let order = 0;
      const history = new Map<string, FitReview[]>();
      const items: FitItem[] = [];
      return {
        scheduler: () => engine,
        choose: async (input) => {
          stats = input.stats;
          now = input.now;
          if (input.day > 0 && input.day % 7 === 0) {
            const fit = await fitWeights(items, { current: engine.weights });
            if (fit.weights) engine = engineFor(LIMITS.desiredRetention.default, fit.weights);
          }
          return queueChoice({ ...input, curve: engine }).map((pick) => ({ id: pick.questionId, kind: pick.reason }));
        },
        answered: (id, recalled) => {
          const previous = history.get(id);
          const list = previous ?? [];
          list.push({ rating: recalled ? 3 : 1, deltaT: previous ? elapsedLearnerDays(stats.get(id)?.fsrs, now) : 0 });
          history.set(id, list);
          if (list.length > 1) items.push({ reviews: list.slice(), at: now.getTime() + order++ });
        },
      };
    },
  };
}

/** "wrong rate + 1/attempts" as one score, highest first, never answered first (ties shuffled). */
const original: Policy = {
  make: () => ({
    choose: ({ ids, stats, random, count }) => {
      const score = (id: string) => {
        const stat = stats.get(id);
        return stat && stat.total_attempts > 0 ? wrongRate(stat) + 1 / stat.total_attempts : Infinity;
      };
      return shuffled(ids, random)
        .map((id) => ({ id, score: score(id) }))
        .sort((a, b) => (a.score === b.score ? 0 : b.score > a.score ? 1 : -1))
        .slice(0, count)
        .map(({ id }) => ({ id, kind: 'other' as const }));
    },
  }),
};

const random: Policy = {
  make: () => ({
    choose: ({ ids, random: draw, count }) =>
      shuffled(ids, draw)
        .slice(0, count)
        .map((id) => ({ id, kind: 'other' as const })),
  }),
};

/**
 * Leitner's five boxes (intervals 1, 2, 4, 8, 16 days): right moves a card up a box, wrong back to
 * the first. A day takes the cards due (lowest box, then longest waiting first), then unseen ones in
 * bank order, then the rest by lowest box and longest waiting.
 */
const LEITNER_DAYS = [1, 2, 4, 8, 16];
const leitner: Policy = {
  make: () => {
    const boxes = new Map<string, { box: number; last: number }>();
    return {
      choose: ({ ids, day, count }) => {
        const waiting = (id: string) => day - boxes.get(id)!.last;
        const byBox = (a: string, b: string) => boxes.get(a)!.box - boxes.get(b)!.box || waiting(b) - waiting(a);
        const seen = ids.filter((id) => boxes.has(id));
        const due = seen.filter((id) => waiting(id) >= LEITNER_DAYS[boxes.get(id)!.box]!).sort(byBox);
        const dueSet = new Set(due);
        const rest = seen.filter((id) => !dueSet.has(id)).sort(byBox);
        return [
          ...due.map((id) => ({ id, kind: 'due' as const })),
          ...ids.filter((id) => !boxes.has(id)).map((id) => ({ id, kind: 'unseen' as const })),
          ...rest.map((id) => ({ id, kind: 'weakest' as const })),
        ].slice(0, count);
      },
      answered(id, correct, day) {
        const box = boxes.get(id)?.box;
        const next = box === undefined ? (correct ? 1 : 0) : correct ? Math.min(4, box + 1) : 0;
        boxes.set(id, { box: next, last: day });
      },
    };
  },
};

export const BASELINES: Record<string, Policy> = { "original's rule": original, random, leitner };

/** A policy by name: a baseline or `queue:<steps>/<due order>/<fill>`. */
export function policyNamed(name: string): Policy {
  if (name.startsWith('queue:')) return queuePolicy(name.slice('queue:'.length));
  if (name === 'probe') return PROBE.probe;
  if (name === 'queue-fitted') return fittedPolicy();
  if (name.startsWith('queue-adaptive:')) return adaptivePolicy(name.slice('queue-adaptive:'.length));
  const policy = BASELINES[name];
  if (!policy) throw new Error(`unknown policy ${name}`);
  return policy;
}
