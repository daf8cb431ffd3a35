import { Rating, clamp, default_w, fsrs, generatorParameters, type FSRS } from 'ts-fsrs';
import type { RandomSource } from '#shared/domain/question-order.js';

/**
 * The simulated learners' true memory (`npm run simulate`; every assumption in docs/learning.md
 * "Does it teach better?"). Four families, each with per-learner parameters and a per-question
 * difficulty; one of them (fsrs-far) is the scheduler's own family, FSRS-6 with moved weights.
 */

export interface Question {
  id: string;
  /** The family's per-question difficulty (its units are the family's; 0 is average). */
  offset: number;
  /** Recall before the question was ever shown (what the learner happens to know already). */
  priorRecall: number;
}

/** A learner's true memory of one question. */
export interface Memory {
  recall(day: number): number;
  /** The memory after an answer on `day` (right or wrong: the learner sees the answer either way). */
  answer(day: number, correct: boolean, recall: number): Memory;
}

export interface Learner {
  first(question: Question, day: number, correct: boolean): Memory;
}

export interface Family {
  learner: (random: RandomSource) => Learner;
  /** The per-question difficulty spread, in the family's units. */
  offsetSd: number;
  /** Whether the family is FSRS itself (the scheduler's model with other weights). */
  fsrs: boolean;
}

export const normal = (random: RandomSource) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
export const logit = (p: number) => Math.log(p / (1 - p));
export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** FSRS-6 with every learner's weights drawn far from the defaults: the scheduler's own family. */
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

/**
 * ACT-R's declarative memory with Pavlik & Anderson's (2005) spacing effect, time in days: each
 * exposure j leaves a trace decaying as t^−dj, dj = c·e^(activation at exposure j) + α, activation
 * m = ln Σ t^−dj, recall = 1 / (1 + e^((τ − m)/s)); a trace younger than an hour counts an hour.
 */
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

/**
 * Half-life regression (Settles & Meeder 2016, Duolingo): recall 2^(−Δ/h), the half-life in days
 * h = 2^(θ·x) with features x = (1, √(1 + right answers), √(1 + wrong answers)) and the question's
 * difficulty. Per learner θ; no spacing effect (an answer counts the same whenever it comes).
 */
function hlrLearner(random: RandomSource): Learner {
  const right = 3 + 2 * random();
  const wrong = -0.5 + random();
  // log2 of the half-life after one right answer: 2–8 days (a week after it, 0.3–0.8 recall, as
  // the other families give after one exposure).
  const firstHalfLife = 1 + 2 * random();
  const bias = firstHalfLife - right * Math.SQRT2 - wrong;
  const memoryOf = (rights: number, wrongs: number, lastDay: number, difficulty: number): Memory => {
    const halfLife = 2 ** (bias + right * Math.sqrt(1 + rights) + wrong * Math.sqrt(1 + wrongs) - difficulty);
    return {
      recall: (day) => 2 ** (-(day - lastDay) / halfLife),
      answer: (day, correct) => memoryOf(rights + (correct ? 1 : 0), wrongs + (correct ? 0 : 1), day, difficulty),
    };
  };
  return {
    first: (question, day, correct) => memoryOf(correct ? 1 : 0, correct ? 0 : 1, day, question.offset),
  };
}

/**
 * The Multiscale Context Model (Mozer, Pashler, Cepeda, Lindsey & Vul 2009): traces at time
 * scales τi = 0.01·5^i days (i = 0–6, 15 minutes to 5 months), weights γi ∝ ξ^i, strength
 * s = Σγi·xi·e^(−Δi/τi) / Σγi, recall min(1, s). A study raises each trace by ε(1 − s̃i), s̃i the
 * strength of the scales up to i, so a study while the short scales still hold it adds little to
 * the long ones: the spacing effect. Per learner ξ and ε; per question ε × e^(−difficulty).
 */
function mcmLearner(random: RandomSource): Learner {
  const SCALES = 7;
  const xi = 1 + 0.4 * random();
  const rate = 0.6 + 0.3 * random();
  const taus = Array.from({ length: SCALES }, (_, i) => 0.01 * 5 ** i);
  const gammas = taus.map((_, i) => xi ** i);
  const total = gammas.reduce((a, b) => a + b, 0);
  const decayed = (x: readonly number[], days: number) => x.map((value, i) => value * Math.exp(-days / taus[i]!));
  const memoryOf = (x: readonly number[], lastDay: number, epsilon: number): Memory => ({
    recall(day) {
      const now = decayed(x, day - lastDay);
      return Math.min(1, now.reduce((sum, value, i) => sum + gammas[i]! * value, 0) / total);
    },
    answer(day) {
      const now = decayed(x, day - lastDay);
      let strength = 0;
      let weight = 0;
      const next = now.map((value, i) => {
        strength += gammas[i]! * value;
        weight += gammas[i]!;
        return value + epsilon * (1 - strength / weight);
      });
      return memoryOf(next, day, epsilon);
    },
  });
  return {
    first(question, day) {
      const epsilon = Math.min(1, rate * Math.exp(-question.offset));
      return memoryOf(
        taus.map(() => epsilon),
        day,
        epsilon,
      );
    },
  };
}

export const FAMILIES: Record<string, Family> = {
  'fsrs-far': { learner: fsrsFarLearner, offsetSd: 1, fsrs: true },
  'act-r': { learner: actRLearner, offsetSd: 0.5, fsrs: false },
  hlr: { learner: hlrLearner, offsetSd: 0.7, fsrs: false },
  mcm: { learner: mcmLearner, offsetSd: 0.3, fsrs: false },
};
