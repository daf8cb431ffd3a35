import { parseArgs } from 'node:util';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { Rating, clamp, default_w, fsrs, generatorParameters, type FSRS } from 'ts-fsrs';
import { LIMITS } from '#shared/domain/limits.js';
import { shuffled, type RandomSource } from '#shared/domain/question-order.js';
import {
  FIT_MIN_ITEMS,
  fitWeights,
  engineFor,
  reviewCard,
  reviewLogToItems,
  reviewRow,
  wrongRate,
  type DailyQuestionStat,
  type ReviewRow,
} from '../functions/domains/learning/index.js';
import { queueChoice } from './simulate-queue.js';

/**
 * `npm run simulate [-- --learners 40 --count 10 --days 90 --seed 13 --quick]`: does the daily
 * question choice teach better than the original's rule and than chance, on learners whose memory
 * is NOT the scheduler's model? docs/learning.md "Does it teach better?" lists every assumption.
 *
 * Two families of simulated memory, neither the scheduler's FSRS-6 defaults:
 * - **fsrs-far**: FSRS-6 with every learner's weights drawn far from the defaults (initial
 *   stabilities ×e^N(0, 0.7), stability growth and lapse weights ×e^N(0, 0.4), initial difficulty
 *   +N(0, 1.5)) and the forgetting curve's decay w20 uniform in 0.2–0.6 (default 0.154).
 * - **act-r**: ACT-R's declarative memory with Pavlik & Anderson's (2005) spacing effect: each
 *   exposure j leaves a trace decaying as t^−dj, dj = c·e^(m at exposure j) + α, activation
 *   m = ln Σ t^−dj, recall = 1 / (1 + e^((τ − m)/s)); α, τ, s per learner, τ per question.
 * Both: a question never shown is recalled with its prior (uniform 0–0.5), each answer's recall
 * gets logit noise N(0, 0.3) on top (a learner's day-to-day variation), a right answer is Good and
 * a wrong one Again.
 *
 * Policies, all with `count` questions a day (the same reviews): the product's queue (`queueChoice`
 * in simulate-queue.ts: the daily exam's own `orderLearnerQueue` and `dailyPicksFrom`, D246) with
 * per-learner fitting (the fsrs-rs optimizer on the simulated review log, through the app's
 * own `fitWeights` and its keep-defaults rule, refitted every `--refit-days` once the log holds
 * FIT_MIN_ITEMS items), the queue with default weights, the original's rule ("wrong rate +
 * 1/attempts", highest first, never answered first) and random.
 */

const { values: options } = parseArgs({
  options: {
    learners: { type: 'string', default: '40' },
    count: { type: 'string', default: '10' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '13' },
    'refit-days': { type: 'string', default: '7' },
    'min-items': { type: 'string', default: String(FIT_MIN_ITEMS) },
    banks: { type: 'string', default: '100,300' },
    /** The queue's new cards a day (the product default when absent): to try another limit. */
    'new-per-day': { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const QUICK = options.quick;
const LEARNERS = QUICK ? 3 : Number(options.learners);
const COUNT = Number(options.count);
const DAYS = QUICK ? 40 : Number(options.days);
const SEED = Number(options.seed);
const REFIT_DAYS = Number(options['refit-days']);
const MIN_ITEMS = QUICK ? 60 : Number(options['min-items']);
const NEW_PER_DAY = options['new-per-day'] === undefined ? undefined : Number(options['new-per-day']);
if (NEW_PER_DAY !== undefined && !(Number.isSafeInteger(NEW_PER_DAY) && NEW_PER_DAY >= 0))
  throw new Error('--new-per-day must be a whole number ≥ 0');
const BANKS = (QUICK ? '60' : options.banks).split(',').map(Number);
const numbers: [string, number][] = [
  ...Object.entries({ LEARNERS, COUNT, DAYS, SEED, REFIT_DAYS, MIN_ITEMS }),
  ...BANKS.map((bank): [string, number] => ['banks', bank]),
];
for (const [name, value] of numbers) {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${name.toLowerCase()} must be a positive whole number`);
}
/** Days after the first quiz at which the bank's recall is measured (before that day's quiz). */
const CHECKPOINTS = [...new Set([30, 60, 90, DAYS])].filter((day) => day <= DAYS).sort((a, b) => a - b);

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T07:00:00Z');
const MAX_PRIOR_RECALL = 0.5;
const ANSWER_NOISE_SD = 0.3;

const randomFrom = (seed: number): RandomSource => {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
};
const normal = (random: RandomSource) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

interface Question {
  id: string;
  /** fsrs-far: difficulty offset at first exposure; act-r: threshold offset. */
  offset: number;
  priorRecall: number;
}

/** A learner's true memory of one question, whatever the family. */
interface Memory {
  recall(day: number): number;
  /** The memory after an answer on `day` (right or wrong: the learner sees the answer either way). */
  answer(day: number, correct: boolean, recall: number): Memory;
}

interface Learner {
  first(question: Question, day: number, correct: boolean): Memory;
}

function fsrsFarLearner(random: RandomSource): Learner {
  const spread = (sd: number) => Math.exp(sd * normal(random));
  const initial = default_w.slice(0, 4).map((w) => w * spread(0.7));
  initial.sort((a, b) => a - b);
  const w = default_w.map((weight, i) => {
    if (i <= 3) return initial[i]!;
    if (i === 4) return weight + 1.5 * normal(random);
    if (i === 20) return 0.2 + 0.4 * random();
    if ((i >= 8 && i <= 14) || i === 5 || i === 6) return weight * spread(0.4);
    return weight;
  });
  const model: FSRS = fsrs(generatorParameters({ w, enable_fuzz: false }));
  const memoryOf = (stability: number, difficulty: number, lastDay: number): Memory => ({
    recall: (day) => model.forgetting_curve(day - lastDay, stability),
    answer(day, correct, recall) {
      const next = model.next_state(
        { stability, difficulty },
        day - lastDay,
        correct ? Rating.Good : Rating.Again,
        recall,
      );
      return memoryOf(next.stability, next.difficulty, day);
    },
  });
  return {
    first(question, day, correct) {
      const next = model.next_state(null, 0, correct ? Rating.Good : Rating.Again);
      return memoryOf(next.stability, clamp(next.difficulty + question.offset, 1, 10), day);
    },
  };
}

/** ACT-R with the spacing effect (Pavlik & Anderson 2005), time in days (a trace younger than an hour counts an hour). */
function actRLearner(random: RandomSource): Learner {
  const alpha = 0.15 + 0.2 * random();
  const c = 0.25;
  const tau = -0.5 + 0.3 * normal(random);
  const s = 0.3 + 0.15 * random();
  const MIN_AGE = 1 / 24;
  const memoryOf = (traces: { at: number; decay: number }[], threshold: number): Memory => {
    const activation = (day: number) =>
      Math.log(traces.reduce((sum, trace) => sum + Math.max(MIN_AGE, day - trace.at) ** -trace.decay, 0));
    return {
      recall: (day) => sigmoid((activation(day) - threshold) / s),
      answer(day) {
        const decay = c * Math.exp(activation(day)) + alpha;
        return memoryOf([...traces, { at: day, decay }], threshold);
      },
    };
  };
  return {
    first(question, day) {
      return memoryOf([{ at: day, decay: alpha }], tau + question.offset);
    },
  };
}

const FAMILIES: Record<string, { learner: (random: RandomSource) => Learner; offsetSd: number }> = {
  'fsrs-far': { learner: fsrsFarLearner, offsetSd: 1 },
  'act-r': { learner: actRLearner, offsetSd: 0.5 },
};

interface PolicyInput {
  ids: readonly string[];
  stats: ReadonlyMap<string, DailyQuestionStat>;
  now: Date;
  random: RandomSource;
  weights: readonly number[] | null;
}
interface Policy {
  choose: (input: PolicyInput) => string[];
  /** Fits the learner's weights from the simulated review log. */
  fits?: boolean;
}

// The simulated learner takes one quiz a day, so nothing counts against the day's limits before it.
const queue: Policy['choose'] = ({ ids, stats, now, weights }) =>
  queueChoice({ ids, stats, now, count: COUNT, weights, newPerDay: NEW_PER_DAY, done: { new: 0, reviews: 0 } });

const POLICIES: Record<string, Policy> = {
  'queue, per-learner fitting': { choose: queue, fits: true },
  'queue, default weights': { choose: queue },
  // The original's rule as the issue states it, "wrong rate + 1/attempts", as one score, highest
  // first (never answered = ∞): the reading that tied with ours before (the lexicographic reading
  // gets stuck on ten failed questions and is not run again).
  "original's rule": {
    choose: ({ ids, stats, random }) => {
      const score = (id: string) => {
        const stat = stats.get(id);
        return stat && stat.total_attempts > 0 ? wrongRate(stat) + 1 / stat.total_attempts : Infinity;
      };
      return shuffled(ids, random)
        .map((id) => ({ id, score: score(id) }))
        .sort((a, b) => (a.score === b.score ? 0 : b.score > a.score ? 1 : -1))
        .slice(0, COUNT)
        .map(({ id }) => id);
    },
  },
  random: { choose: ({ ids, random }) => shuffled(ids, random).slice(0, COUNT) },
};

interface Outcome {
  recallAt: number[];
  reviews: number;
  seen: number;
  fits: number;
  kept: number;
}

async function simulate(bank: readonly Question[], learner: Learner, policy: Policy, random: RandomSource) {
  const byId = new Map(bank.map((question) => [question.id, question]));
  const ids = bank.map((question) => question.id);
  const truth = new Map<string, Memory>();
  const stats = new Map<string, DailyQuestionStat>();
  const log: { answered_at: string; reviews: ReviewRow[] }[] = [];
  const bankRecall = (day: number) =>
    bank.reduce((sum, q) => sum + (truth.get(q.id)?.recall(day) ?? q.priorRecall), 0) / bank.length;
  const outcome: Outcome = { recallAt: [], reviews: 0, seen: 0, fits: 0, kept: 0 };
  let weights: number[] | null = null;

  for (let day = 0; day < DAYS; day++) {
    if (CHECKPOINTS.includes(day)) outcome.recallAt.push(bankRecall(day));
    const now = new Date(START + day * DAY_MS);
    if (policy.fits && day > 0 && day % REFIT_DAYS === 0) {
      const fit = await fitWeights(reviewLogToItems(log), { current: weights, minItems: MIN_ITEMS });
      if (fit.outcome !== 'too_few_reviews') outcome.fits += 1;
      if (fit.outcome === 'fitted') outcome.kept += 1;
      weights = fit.weights;
    }
    const rows: ReviewRow[] = [];
    for (const id of policy.choose({ ids, stats, now, random, weights })) {
      const question = byId.get(id)!;
      const memory = truth.get(id);
      const recall = memory ? memory.recall(day) : question.priorRecall;
      const noisy = sigmoid(logit(clamp(recall, 1e-6, 1 - 1e-6)) + ANSWER_NOISE_SD * normal(random));
      const correct = random() < noisy;
      truth.set(id, memory ? memory.answer(day, correct, recall) : learner.first(question, day, correct));
      const stat = stats.get(id);
      const card = reviewCard(stat?.fsrs, correct, now, undefined, engineFor(0.9, weights));
      rows.push(reviewRow(id, stat?.fsrs, card, correct, undefined));
      stats.set(id, {
        total_attempts: (stat?.total_attempts ?? 0) + 1,
        correct_attempts: (stat?.correct_attempts ?? 0) + (correct ? 1 : 0),
        fsrs: card,
      });
      outcome.reviews += 1;
    }
    if (rows.length) log.push({ answered_at: now.toISOString(), reviews: rows });
  }
  if (CHECKPOINTS.includes(DAYS)) outcome.recallAt.push(bankRecall(DAYS));
  outcome.seen = truth.size;
  return outcome;
}

const meanAndMargin = (values: readonly number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, margin: 1.96 * Math.sqrt(variance / values.length) };
};
const percent = ({ mean, margin }: { mean: number; margin: number }) =>
  `${(mean * 100).toFixed(1)}% ± ${(margin * 100).toFixed(1)}`;
const points = ({ mean, margin }: { mean: number; margin: number }) =>
  `${mean >= 0 ? '+' : '−'}${Math.abs(mean * 100).toFixed(1)} ± ${(margin * 100).toFixed(1)}`;

const started = performance.now();
console.log(
  `${LEARNERS} learners per family and bank, ${COUNT} questions a day for ${DAYS} days, seed ${SEED}, ` +
    `refit every ${REFIT_DAYS} days from ${MIN_ITEMS} items, queue new cards a day ` +
    `${NEW_PER_DAY ?? `${LIMITS.newCardsPerDay.default} (default)`}; mean true recall over the bank (± 95% over learners)\n`,
);
const names = Object.keys(POLICIES);
for (const [familyName, family] of Object.entries(FAMILIES)) {
  for (const size of BANKS) {
    const setup = randomFrom(SEED * 7919 + size + (familyName === 'act-r' ? 1 : 0));
    const bank: Question[] = Array.from({ length: size }, (_, i) => ({
      id: `q${i}`,
      offset: family.offsetSd * normal(setup),
      priorRecall: MAX_PRIOR_RECALL * setup(),
    }));
    const learners = Array.from({ length: LEARNERS }, () => family.learner(setup));
    const results: Outcome[][] = [];
    for (const [p, name] of names.entries()) {
      const outcomes: Outcome[] = [];
      for (const [l, learner] of learners.entries())
        outcomes.push(await simulate(bank, learner, POLICIES[name]!, randomFrom(SEED * 1_000_003 + l * 17 + p + 1)));
      results.push(outcomes);
    }
    console.log(`### ${familyName}, ${size} questions\n`);
    console.log(`| policy | ${CHECKPOINTS.map((day) => `day ${day}`).join(' | ')} | reviews spent | seen |`);
    console.log(`|---|${CHECKPOINTS.map(() => '---:').join('|')}|---:|---:|`);
    names.forEach((name, p) => {
      const outcomes = results[p]!;
      const columns = CHECKPOINTS.map((_, c) => percent(meanAndMargin(outcomes.map((o) => o.recallAt[c]!))));
      const reviews = meanAndMargin(outcomes.map((o) => o.reviews)).mean;
      const seen = meanAndMargin(outcomes.map((o) => o.seen)).mean;
      console.log(`| ${name} | ${columns.join(' | ')} | ${reviews.toFixed(0)} | ${seen.toFixed(0)} of ${size} |`);
    });
    const fitted = results[0]!;
    const fits = fitted.reduce((sum, o) => sum + o.fits, 0);
    const kept = fitted.reduce((sum, o) => sum + o.kept, 0);
    console.log(`\nfits run ${fits}, kept over the defaults ${kept}; learner by learner (± 95%):`);
    names.slice(1).forEach((name, p) => {
      const differences = CHECKPOINTS.map(
        (day, c) =>
          `day ${day} ${points(meanAndMargin(fitted.map((o, l) => o.recallAt[c]! - results[p + 1]![l]!.recallAt[c]!)))}`,
      );
      console.log(`- fitting minus ${name}: ${differences.join(', ')}`);
    });
    console.log('');
  }
}
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
