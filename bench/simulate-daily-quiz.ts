import { parseArgs } from 'node:util';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { Rating, clamp, default_w, fsrs, generatorParameters, type FSRS, type FSRSState } from 'ts-fsrs';
import { shuffled, type RandomSource } from '#shared/domain/question-order.js';
import {
  selectDailyQuestions,
  weakestFirst,
  wrongRate,
  type DailyQuestionStat,
  retrievability,
  reviewCard,
} from '../functions/domains/learning/index.js';

/**
 * `npm run simulate [-- --learners 200 --questions 300 --count 10 --days 60 --seed 13]`: does the
 * daily quiz's question choice teach better than the original's and than chance? The model and
 * the figures are in docs/learning.md.
 *
 * Each simulated learner has a true memory of every question that follows FSRS-6 (ts-fsrs's
 * `next_state` and forgetting curve) with the learner's own parameters: the scheduler's default
 * weights with the initial stabilities (w0–w3) scaled by a per-learner factor and the initial
 * difficulty (w4) shifted per learner, plus a per-question difficulty offset. A question never
 * shown is recalled with its prior probability (what the learner happens to know already). Once
 * a day the learner gets a quiz of `count` questions chosen by a policy; each answer is right
 * with the true recall probability at that moment, updates the true memory (right = Good,
 * wrong = Again) and updates the statistic the app would store (counts and `reviewCard`, the
 * app's own ts-fsrs scheduler), which is all a policy sees.
 */

const { values: options } = parseArgs({
  options: {
    learners: { type: 'string', default: '200' },
    questions: { type: 'string', default: '300' },
    count: { type: 'string', default: '10' },
    days: { type: 'string', default: '60' },
    seed: { type: 'string', default: '13' },
  },
});
const LEARNERS = Number(options.learners);
const QUESTIONS = Number(options.questions);
const COUNT = Number(options.count);
const DAYS = Number(options.days);
const SEED = Number(options.seed);
for (const [name, value] of Object.entries({ LEARNERS, QUESTIONS, COUNT, DAYS, SEED })) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name.toLowerCase()} must be a whole number, got ${value}`);
}
/** Days after the first quiz at which the bank's recall is measured (before that day's quiz, if any). */
const CHECKPOINTS = [...new Set([30, 60, DAYS])].filter((day) => day <= DAYS).sort((a, b) => a - b);

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T07:00:00Z');
const STABILITY_NOISE_SD = 0.4; // log-normal factor on w0–w3: ×0.46–×2.2 for 95% of learners
const DIFFICULTY_NOISE_SD = 1; // per-learner shift of w4 (initial difficulty, 1–10 scale)
const QUESTION_DIFFICULTY_SD = 1; // per-question shift of the initial difficulty
const MAX_PRIOR_RECALL = 0.5; // a question's prior recall is uniform in [0, 0.5]

const randomFrom = (seed: number): RandomSource => {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
};
/** A standard normal draw (Box–Muller). */
const normal = (random: RandomSource) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

interface Question {
  id: string;
  difficultyOffset: number;
  priorRecall: number;
}

/** A learner is their true memory model: FSRS-6 with their own weights. */
type Learner = FSRS;

interface TrueMemory extends FSRSState {
  lastDay: number;
}

interface PolicyInput {
  ids: readonly string[];
  stats: ReadonlyMap<string, DailyQuestionStat>;
  now: Date;
  random: RandomSource;
}
type Policy = (input: PolicyInput) => string[];

const POLICIES: Record<string, Policy> = {
  ours: ({ ids, stats, now, random }) =>
    selectDailyQuestions({ candidateIds: ids, stats, ignoredIds: new Set(), count: COUNT, now, random }).map(
      (pick) => pick.questionId,
    ),
  // The rule before learning-step cards stopped counting as due (commit 311429e), for the record:
  // any reviewed card with due ≤ now by retrievability, then unseen, then weakest-first; no reserve.
  'ours before (learning cards due)': ({ ids, stats, now, random }) => {
    const isDue = (id: string) => {
      const card = stats.get(id)?.fsrs;
      return card !== undefined && card.state !== 'new' && Date.parse(card.due) <= now.getTime();
    };
    const recall = (id: string) => retrievability(stats.get(id)!.fsrs!, now);
    const order = shuffled(ids, random);
    const due = order.filter(isDue).sort((a, b) => recall(a) - recall(b));
    const unseen = order.filter((id) => !stats.has(id));
    const seen = order
      .filter((id) => stats.has(id) && !isDue(id))
      .sort((a, b) => weakestFirst(stats.get(a), stats.get(b)));
    return [...due, ...unseen, ...seen].slice(0, COUNT);
  },
  // The issue's words "wrong rate + 1/attempts" taken literally: one score, highest first (a
  // question never answered scores ∞, so unseen questions come first).
  'original, literal (wrong rate + 1/attempts)': ({ ids, stats, random }) => {
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
  // The same words read as two sort keys, as the rule's weakest-first fill uses them: wrong rate
  // descending, then 1/attempts (never answered: rate 0, after every question ever answered wrong).
  'original, lexicographic (wrong rate, then 1/attempts)': ({ ids, stats, random }) =>
    shuffled(ids, random)
      .sort((a, b) => weakestFirst(stats.get(a), stats.get(b)))
      .slice(0, COUNT),
  random: ({ ids, random }) => shuffled(ids, random).slice(0, COUNT),
};

function makeBank(random: RandomSource): Question[] {
  return Array.from({ length: QUESTIONS }, (_, i) => ({
    id: `q${i}`,
    difficultyOffset: QUESTION_DIFFICULTY_SD * normal(random),
    priorRecall: MAX_PRIOR_RECALL * random(),
  }));
}

function makeLearner(random: RandomSource): Learner {
  const stabilityFactor = Math.exp(STABILITY_NOISE_SD * normal(random));
  const w = default_w.map((weight, i) =>
    i <= 3 ? weight * stabilityFactor : i === 4 ? weight + DIFFICULTY_NOISE_SD * normal(random) : weight,
  );
  return fsrs(generatorParameters({ w, enable_fuzz: false }));
}

function trueRecall(learner: Learner, question: Question, memory: TrueMemory | undefined, day: number): number {
  return memory ? learner.forgetting_curve(day - memory.lastDay, memory.stability) : question.priorRecall;
}

interface Outcome {
  /** The bank's mean true recall at each checkpoint. */
  recallAt: number[];
  /** Questions shown at least once by the end. */
  seen: number;
}

/** One learner under one policy. */
function simulate(bank: readonly Question[], learner: Learner, policy: Policy, random: RandomSource): Outcome {
  const byId = new Map(bank.map((question) => [question.id, question]));
  const ids = bank.map((question) => question.id);
  const truth = new Map<string, TrueMemory>();
  const stats = new Map<string, DailyQuestionStat>();
  const bankRecall = (day: number) =>
    bank.reduce((sum, question) => sum + trueRecall(learner, question, truth.get(question.id), day), 0) / bank.length;
  const recallAt: number[] = [];

  for (let day = 0; day < DAYS; day++) {
    if (CHECKPOINTS.includes(day)) recallAt.push(bankRecall(day));
    const now = new Date(START + day * DAY_MS);
    for (const id of policy({ ids, stats, now, random })) {
      const question = byId.get(id)!;
      const memory = truth.get(id);
      const recall = trueRecall(learner, question, memory, day);
      const correct = random() < recall;
      const grade = correct ? Rating.Good : Rating.Again;
      const next = memory
        ? learner.next_state(memory, day - memory.lastDay, grade, recall)
        : learner.next_state(null, 0, grade);
      const difficulty = memory ? next.difficulty : clamp(next.difficulty + question.difficultyOffset, 1, 10);
      truth.set(id, { stability: next.stability, difficulty, lastDay: day });

      const stat = stats.get(id);
      stats.set(id, {
        total_attempts: (stat?.total_attempts ?? 0) + 1,
        correct_attempts: (stat?.correct_attempts ?? 0) + (correct ? 1 : 0),
        fsrs: reviewCard(stat?.fsrs, correct, now),
      });
    }
  }
  if (CHECKPOINTS.includes(DAYS)) recallAt.push(bankRecall(DAYS));
  return { recallAt, seen: truth.size };
}

const meanAndMargin = (values: readonly number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, margin: 1.96 * Math.sqrt(variance / values.length) };
};
const percent = ({ mean, margin }: { mean: number; margin: number }) =>
  `${(mean * 100).toFixed(1)}% ± ${(margin * 100).toFixed(1)}`;
const points = ({ mean, margin }: { mean: number; margin: number }) =>
  `${mean >= 0 ? '+' : '−'}${Math.abs(mean * 100).toFixed(1)} pt ± ${(margin * 100).toFixed(1)}`;

const started = performance.now();
const setup = randomFrom(SEED);
const bank = makeBank(setup);
const learners = Array.from({ length: LEARNERS }, () => makeLearner(setup));
const policyNames = Object.keys(POLICIES);
const results = policyNames.map((name, p) =>
  learners.map((learner, l) => simulate(bank, learner, POLICIES[name]!, randomFrom(SEED * 1_000_003 + l * 17 + p + 1))),
);

console.log(
  `${LEARNERS} learners, ${QUESTIONS} questions, ${COUNT} a day for ${DAYS} days, seed ${SEED}; ` +
    `mean true recall over the whole bank (± 95% interval over learners)\n`,
);
console.log(
  `| policy | ${CHECKPOINTS.map((day) => `recall at day ${day}`).join(' | ')} | reviews spent | questions seen |`,
);
console.log(`|---|${CHECKPOINTS.map(() => '---:').join('|')}|---:|---:|`);
policyNames.forEach((name, p) => {
  const outcomes = results[p]!;
  const columns = CHECKPOINTS.map((_, c) => percent(meanAndMargin(outcomes.map((outcome) => outcome.recallAt[c]!))));
  const seen = meanAndMargin(outcomes.map((outcome) => outcome.seen)).mean;
  console.log(`| ${name} | ${columns.join(' | ')} | ${COUNT * DAYS} | ${seen.toFixed(0)} of ${QUESTIONS} |`);
});
// Same learners and bank for every policy, so the difference is taken learner by learner.
console.log(`\nours minus each other policy (± 95% interval over learners):`);
policyNames.slice(1).forEach((name, p) => {
  const differences = CHECKPOINTS.map((_, c) =>
    points(meanAndMargin(results[0]!.map((outcome, l) => outcome.recallAt[c]! - results[p + 1]![l]!.recallAt[c]!))),
  );
  console.log(`- vs ${name}: ${CHECKPOINTS.map((day, c) => `day ${day} ${differences[c]}`).join(', ')}`);
});
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
