import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomSource } from '#shared/domain/question-order.js';
import {
  DEFAULT_DUE_ORDER,
  DEFAULT_FILL_ORDER,
  DEFAULT_LEARNING_PLACEMENT,
  reviewCard,
  type DailyQuestionStat,
} from '../functions/domains/learning/index.js';
import { FAMILIES, logit, normal, sigmoid, type Memory, type Question } from './simulate/learners.js';
import { policyNamed, type Policy, type SlotKind } from './simulate/policies.js';

/**
 * `npm run simulate [-- --learners 50 --counts 10,20 --days 90 --banks 100,300 --seed 13]`: does
 * the daily exam teach better than the original's rule, random and Leitner boxes, on learners
 * whose memory is not the scheduler's? Every assumption is listed in docs/learning.md "Does it
 * teach better?". `--policies a,b,…` picks the policies (the first is compared with the others,
 * learner by learner); `--families`, `--json <file>` (every figure), `--quick` (a smoke run).
 *
 * Common random numbers: the answer to the k-th showing of question i to learner l draws its noise
 * from a hash of (seed, family, bank, l, i, k), so every policy meets the same learner, the same
 * questions and the same luck; only the choice differs.
 */

/** The product's queue with its defaults, and as it was before the rules under decision. */
const PRODUCT = `queue:${DEFAULT_LEARNING_PLACEMENT}/${DEFAULT_DUE_ORDER}/${DEFAULT_FILL_ORDER}`;
const BEFORE = 'queue:after-new/lowest-recall/weakest';
const ALIASES: Record<string, string> = { queue: PRODUCT, 'queue before': BEFORE };

const { values: options } = parseArgs({
  options: {
    learners: { type: 'string', default: '50' },
    counts: { type: 'string', default: '10,20' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '13' },
    banks: { type: 'string', default: '100,300' },
    families: { type: 'string', default: Object.keys(FAMILIES).join(',') },
    policies: { type: 'string', default: "queue,queue before,original's rule,random,leitner" },
    json: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const QUICK = options.quick;
const LEARNERS = QUICK ? 4 : Number(options.learners);
const DAYS = QUICK ? 30 : Number(options.days);
const SEED = Number(options.seed);
const COUNTS = (QUICK ? '10' : options.counts).split(',').map(Number);
const BANKS = (QUICK ? '60' : options.banks).split(',').map(Number);
const FAMILY_NAMES = options.families.split(',');
const POLICY_NAMES = options.policies.split(',');
for (const [name, value] of [
  ['learners', LEARNERS],
  ['days', DAYS],
  ['seed', SEED],
  ...COUNTS.map((c) => ['counts', c] as const),
  ...BANKS.map((b) => ['banks', b] as const),
] as const) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}
for (const name of FAMILY_NAMES) if (!FAMILIES[name]) throw new Error(`unknown family ${name}`);
const POLICIES: [string, Policy][] = POLICY_NAMES.map((name) => [name, policyNamed(ALIASES[name] ?? name)]);
/** Days after the first exam at which the bank's recall is measured (before that day's exam). */
const CHECKPOINTS = QUICK ? [10, 20, 30] : [30, 60, 90].filter((day) => day <= DAYS);

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T22:00:00Z'); // 07:00 in Seoul, the default learner day
const MAX_PRIOR_RECALL = 0.5;
const ANSWER_NOISE_SD = 0.3;

const randomFrom = (seed: number): RandomSource => {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
};

/** A uniform number in (0, 1) from integer keys (murmur3's finaliser over the keys): the common random numbers. */
function keyedUniform(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) {
    h = Math.imul(h ^ (key | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return ((h >>> 0) + 0.5) / 4_294_967_296;
}

interface Outcome {
  recallAt: number[];
  reviews: number;
  seen: number;
  kinds: Record<SlotKind, number>;
  /** Right answers by slot kind (the measured retention of due reviews, say). */
  right: Record<SlotKind, number>;
}

async function simulate(
  bank: readonly Question[],
  learner: ReturnType<(typeof FAMILIES)[string]['learner']>,
  noiseKey: readonly number[],
  policy: Policy,
  count: number,
  random: RandomSource,
): Promise<Outcome> {
  const index = new Map(bank.map((question, i) => [question.id, i]));
  const ids = bank.map((question) => question.id);
  const truth = new Map<string, Memory>();
  const stats = new Map<string, DailyQuestionStat>();
  const bankRecall = (day: number) =>
    bank.reduce((sum, q) => sum + (truth.get(q.id)?.recall(day) ?? q.priorRecall), 0) / bank.length;
  const outcome: Outcome = {
    recallAt: [],
    reviews: 0,
    seen: 0,
    kinds: { due: 0, unseen: 0, learning: 0, weakest: 0, other: 0 },
    right: { due: 0, unseen: 0, learning: 0, weakest: 0, other: 0 },
  };
  const run = policy.make();
  for (let day = 0; day < DAYS; day++) {
    if (CHECKPOINTS.includes(day)) outcome.recallAt.push(bankRecall(day));
    const now = new Date(START + day * DAY_MS);
    const picks = await run.choose({ ids, stats, day, now, count, random });
    const scheduler = run.scheduler?.() ?? policy.scheduler;
    for (const { id, kind } of picks) {
      const question = bank[index.get(id)!]!;
      const memory = truth.get(id);
      const recall = memory ? memory.recall(day) : question.priorRecall;
      const stat = stats.get(id);
      const shown = stat?.total_attempts ?? 0;
      const i = index.get(id)!;
      let draw = 0;
      const noise = normal(() => keyedUniform(...noiseKey, i, shown, ++draw));
      const noisy = sigmoid(logit(Math.min(1 - 1e-6, Math.max(1e-6, recall))) + ANSWER_NOISE_SD * noise);
      const correct = keyedUniform(...noiseKey, i, shown, 3) < noisy;
      truth.set(id, memory ? memory.answer(day, correct, recall) : learner.first(question, day, correct));
      run.answered?.(id, correct, day);
      stats.set(id, {
        total_attempts: shown + 1,
        correct_attempts: (stat?.correct_attempts ?? 0) + (correct ? 1 : 0),
        fsrs: scheduler ? reviewCard(stat?.fsrs, correct, now, undefined, scheduler) : undefined,
      });
      outcome.reviews += 1;
      outcome.kinds[kind] += 1;
      if (correct) outcome.right[kind] += 1;
    }
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
const pct = (value: number) => (value * 100).toFixed(1);
const signed = ({ mean, margin }: { mean: number; margin: number }) =>
  `${mean >= 0 ? '+' : '−'}${Math.abs(mean * 100).toFixed(1)} ± ${(margin * 100).toFixed(1)}`;

const started = performance.now();
const json: Record<string, unknown>[] = [];
console.log(
  `${LEARNERS} learners per family and bank, ${DAYS} days, seed ${SEED}; ${POLICY_NAMES[0]} = ` +
    `${ALIASES[POLICY_NAMES[0]!] ?? POLICY_NAMES[0]}; mean true recall over the bank at days ` +
    `${CHECKPOINTS.join(' / ')} (%), differences learner by learner (points ± 95 %)\n`,
);
for (const count of COUNTS) {
  for (const familyName of FAMILY_NAMES) {
    const family = FAMILIES[familyName]!;
    const familyIndex = Object.keys(FAMILIES).indexOf(familyName);
    for (const size of BANKS) {
      const cellStarted = performance.now();
      // The same bank and learners for every policy and both counts.
      const setup = randomFrom(SEED * 7919 + size * 31 + familyIndex);
      const bank: Question[] = Array.from({ length: size }, (_, i) => ({
        id: `q${i}`,
        offset: family.offsetSd * normal(setup),
        priorRecall: MAX_PRIOR_RECALL * setup(),
      }));
      const learners = Array.from({ length: LEARNERS }, () => family.learner(setup));
      const results: Outcome[][] = [];
      for (const [p, [, policy]] of POLICIES.entries()) {
        const outcomes: Outcome[] = [];
        for (const [l, learner] of learners.entries())
          outcomes.push(
            await simulate(
              bank,
              learner,
              [SEED, familyIndex, size, l],
              policy,
              count,
              randomFrom(SEED * 1_000_003 + l * 17 + p),
            ),
          );
        results.push(outcomes);
      }
      const seconds = (performance.now() - cellStarted) / 1000;
      const label = `${familyName}${family.fsrs ? ' (the scheduler’s own family)' : ''}, ${size} questions, ${count} a day`;
      console.log(`### ${label} (${seconds.toFixed(1)} s)\n`);
      console.log(
        `| policy | ${CHECKPOINTS.map((d) => `day ${d}`).join(' | ')} | reviews | seen | slots due/new/learning/fill |`,
      );
      console.log(`|---|${CHECKPOINTS.map(() => '---:').join('|')}|---:|---:|---|`);
      const cell: Record<string, unknown> = { family: familyName, bank: size, count, seconds, policies: {} };
      POLICY_NAMES.forEach((name, p) => {
        const outcomes = results[p]!;
        const at = CHECKPOINTS.map((_, c) => meanAndMargin(outcomes.map((o) => o.recallAt[c]!)));
        const reviews = meanAndMargin(outcomes.map((o) => o.reviews)).mean;
        const seen = meanAndMargin(outcomes.map((o) => o.seen)).mean;
        const kinds = (['due', 'unseen', 'learning', 'weakest'] as const).map(
          (kind) => `${Math.round((100 * outcomes.reduce((s, o) => s + o.kinds[kind], 0)) / (reviews * LEARNERS))}`,
        );
        const slots = outcomes[0]!.kinds.other > 0 ? '' : kinds.join('/');
        console.log(
          `| ${name} | ${at.map((a) => `${pct(a.mean)} ± ${pct(a.margin)}`).join(' | ')} | ${reviews.toFixed(0)} | ${seen.toFixed(0)} | ${slots} |`,
        );
        (cell.policies as Record<string, unknown>)[name] = {
          at,
          reviews,
          seen,
          slots,
          dueRight:
            outcomes.reduce((s, o) => s + o.right.due, 0) /
            Math.max(
              1,
              outcomes.reduce((s, o) => s + o.kinds.due, 0),
            ),
          byLearner: outcomes.map((o) => o.recallAt),
        };
      });
      const subject = results[0]!;
      const differences: Record<string, unknown> = {};
      console.log('');
      POLICY_NAMES.slice(1).forEach((name, p) => {
        const diff = CHECKPOINTS.map((_, c) =>
          meanAndMargin(subject.map((o, l) => o.recallAt[c]! - results[p + 1]![l]!.recallAt[c]!)),
        );
        differences[name] = diff;
        console.log(
          `- ${POLICY_NAMES[0]} minus ${name}: ${diff.map((d, c) => `day ${CHECKPOINTS[c]} ${signed(d)}`).join(', ')}`,
        );
      });
      cell.differences = differences;
      json.push(cell);
      console.log('');
    }
  }
}
if (options.json)
  writeFileSync(
    options.json,
    JSON.stringify({ checkpoints: CHECKPOINTS, policies: POLICY_NAMES, cells: json }, null, 1),
  );
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
