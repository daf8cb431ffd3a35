import { parseArgs } from 'node:util';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomSource } from '#shared/domain/question-order.js';
import {
  DEFAULT_WEIGHTS,
  elapsedLearnerDays,
  engineFor,
  fitWeights,
  logLossTerms,
  reviewCard,
  trainableItems,
  type DailyQuestionStat,
  type FitItem,
  type FitReview,
} from '../../functions/domains/learning/index.js';
import { LIMITS } from '#shared/domain/limits.js';
import { queueChoice } from '../simulate-queue.js';
import { FAMILIES, logit, normal, sigmoid, type Memory, type Question } from './learners.js';

/**
 * Does fitting predict the simulation's learners better (`npx tsx bench/simulate/fit-gain.ts`)?
 * Each learner of each family answers the product's daily exam (its queue, default weights) for
 * `--days` days; the log so far is fitted as the fit route does (`fitWeights`, from the defaults)
 * at each day of `--fit-at`, and both the defaults and the weights the keep rule leaves are scored
 * on the held-back fifth (the keep rule's own figure) and on the reviews of the next 30 days, which
 * the fit never saw. Log loss, lower is better; the learners and answers as `npm run simulate`
 * draws them (answer noise from a seeded stream here, not the common random numbers).
 */
const { values } = parseArgs({
  options: {
    learners: { type: 'string', default: '10' },
    families: { type: 'string', default: Object.keys(FAMILIES).join(',') },
    bank: { type: 'string', default: '300' },
    count: { type: 'string', default: '20' },
    'fit-at': { type: 'string', default: '30,60' },
    seed: { type: 'string', default: '13' },
  },
});
const LEARNERS = Number(values.learners);
const BANK = Number(values.bank);
const COUNT = Number(values.count);
const FIT_AT = values['fit-at'].split(',').map(Number);
const SEED = Number(values.seed);
const DAYS = Math.max(...FIT_AT) + 30;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T22:00:00Z');
const curve = engineFor(LIMITS.desiredRetention.default);

const randomFrom = (seed: number): RandomSource => {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const ci = (xs: readonly number[]) =>
  `${mean(xs).toFixed(4)} ± ${((1.96 * Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)))) / Math.sqrt(Math.max(1, xs.length))).toFixed(4)}`;

/** One learner's reviews as fit items (one per review after a card's first), tagged with the day. */
function run(familyName: string, l: number): { items: (FitItem & { day: number })[]; reviews: number[] } {
  const family = FAMILIES[familyName]!;
  const setup = randomFrom(SEED * 7919 + BANK * 31 + Object.keys(FAMILIES).indexOf(familyName));
  const bank: Question[] = Array.from({ length: BANK }, (_, i) => ({
    id: `q${i}`,
    offset: family.offsetSd * normal(setup),
    priorRecall: 0.5 * setup(),
  }));
  const learners = Array.from({ length: l + 1 }, () => family.learner(setup));
  const learner = learners[l]!;
  const noise = randomFrom(SEED * 1_000_003 + l * 17 + 99);
  const ids = bank.map((q) => q.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const truth = new Map<string, Memory>();
  const stats = new Map<string, DailyQuestionStat>();
  const history = new Map<string, FitReview[]>();
  const items: (FitItem & { day: number })[] = [];
  const reviews: number[] = [];
  for (let day = 0; day < DAYS; day++) {
    const now = new Date(START + day * DAY_MS);
    reviews.push((reviews.at(-1) ?? 0) + COUNT);
    queueChoice({ ids, stats, now, count: COUNT }).forEach((pick, k) => {
      const id = pick.questionId;
      const question = bank[index.get(id)!]!;
      const memory = truth.get(id);
      const recall = memory ? memory.recall(day) : question.priorRecall;
      const noisy = sigmoid(logit(Math.min(1 - 1e-6, Math.max(1e-6, recall))) + 0.3 * normal(noise));
      const correct = noise() < noisy;
      truth.set(id, memory ? memory.answer(day, correct, recall) : learner.first(question, day, correct));
      const stat = stats.get(id);
      const card = stat?.fsrs;
      const previous = history.get(id);
      const list = previous ?? [];
      list.push({ rating: correct ? 3 : 1, deltaT: previous ? elapsedLearnerDays(card, now) : 0 });
      history.set(id, list);
      if (list.length > 1) items.push({ reviews: list.slice(), at: now.getTime() + k, day });
      stats.set(id, {
        total_attempts: (stat?.total_attempts ?? 0) + 1,
        correct_attempts: (stat?.correct_attempts ?? 0) + (correct ? 1 : 0),
        fsrs: reviewCard(card, correct, now, undefined, curve),
      });
    });
  }
  return { items, reviews };
}

const started = performance.now();
console.log(
  `${LEARNERS} learners per family, ${BANK} questions, ${COUNT} a day, fits at days ${FIT_AT.join(' / ')}, seed ${SEED}; log loss, lower is better\n`,
);
console.log(
  '| family | day | reviews | items | kept | held-back: before → after | held-back gain | next 30 days gain |',
);
console.log('|---|---:|---:|---:|---:|---|---:|---:|');
for (const familyName of values.families.split(',')) {
  const runs = Array.from({ length: LEARNERS }, (_, l) => run(familyName, l));
  for (const at of FIT_AT) {
    const rows = {
      items: [] as number[],
      kept: 0,
      before: [] as number[],
      after: [] as number[],
      fresh: [] as number[],
    };
    for (const { items } of runs) {
      const past = items.filter((item) => item.day < at);
      const next = items.filter((item) => item.day >= at && item.day < at + 30);
      const outcome = await fitWeights(past);
      rows.items.push(trainableItems(past).length);
      if (outcome.outcome === 'fitted') rows.kept += 1;
      if (outcome.logLossBefore === undefined) continue;
      rows.before.push(outcome.logLossBefore);
      rows.after.push(outcome.outcome === 'fitted' ? outcome.logLossAfter! : outcome.logLossBefore);
      const score = (weights: readonly number[]) => mean(logLossTerms(next, weights));
      rows.fresh.push(score(DEFAULT_WEIGHTS) - score(outcome.weights ?? DEFAULT_WEIGHTS));
    }
    console.log(
      `| ${familyName} | ${at} | ${at * COUNT} | ${mean(rows.items).toFixed(0)} | ${rows.kept} / ${LEARNERS} | ` +
        `${mean(rows.before).toFixed(4)} → ${mean(rows.after).toFixed(4)} | ${ci(rows.before.map((b, i) => b - rows.after[i]!))} | ${ci(rows.fresh)} |`,
    );
  }
}
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
