/**
 * The take-exam question order (docs/product.md#take-exam "Question order"), pure and with an injectable random
 * source so tests can fix it.
 *
 * - With an `order` list (question ids or csv ids): that order, unlisted questions last in their
 *   original order.
 * - Otherwise by the caller's statistics: accuracy ascending, then more attempts first, and
 *   questions that tie are shuffled. That makes four groups in this order: wrong-only (attempts,
 *   none correct), unattempted, partly correct, fully correct.
 */

export interface OrderableQuestion {
  id: string;
  csv_id?: string;
}

export interface QuestionStat {
  total_attempts: number;
  correct_attempts: number;
}

export type StatsById = ReadonlyMap<string, QuestionStat> | Readonly<Record<string, QuestionStat>>;

/** A random number in [0, 1), Math.random by default. */
export type RandomSource = () => number;

export type AccuracyGroup = 'wrong-only' | 'unattempted' | 'partly-correct' | 'fully-correct';

export const ACCURACY_GROUPS: readonly AccuracyGroup[] = [
  'wrong-only',
  'unattempted',
  'partly-correct',
  'fully-correct',
];

function statOf(stats: StatsById | undefined, id: string): QuestionStat | undefined {
  if (!stats) return undefined;
  if (stats instanceof Map) return stats.get(id);
  return (stats as Readonly<Record<string, QuestionStat>>)[id];
}

/** docs/product.md#take-exam: rounded correct over total attempts, 0 with no attempts. */
export function accuracyPercentage(stat: QuestionStat | undefined): number {
  if (!stat || stat.total_attempts <= 0) return 0;
  return Math.round((stat.correct_attempts / stat.total_attempts) * 100);
}

export function accuracyGroup(stat: QuestionStat | undefined): AccuracyGroup {
  const total = stat?.total_attempts ?? 0;
  const correct = stat?.correct_attempts ?? 0;
  if (total <= 0) return 'unattempted';
  if (correct <= 0) return 'wrong-only';
  if (correct >= total) return 'fully-correct';
  return 'partly-correct';
}

/** Fisher–Yates with the given random source; returns a new array. */
export function shuffled<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Splits a comma list parameter (`order`, `selected`) into trimmed non-empty entries. */
export function parseIdList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function matches(question: OrderableQuestion, ref: string): boolean {
  return question.id === ref || (question.csv_id !== undefined && question.csv_id !== '' && question.csv_id === ref);
}

/** `selected`: keeps only the listed questions (by id or csv id), in their original order. An empty list keeps all. */
export function selectQuestions<Q extends OrderableQuestion>(
  questions: readonly Q[],
  selected: readonly string[],
): Q[] {
  if (selected.length === 0) return [...questions];
  return questions.filter((question) => selected.some((ref) => matches(question, ref)));
}

/** `order`: listed questions first in the listed order (id or csv id), unlisted last in their original order. */
export function orderByList<Q extends OrderableQuestion>(questions: readonly Q[], order: readonly string[]): Q[] {
  const placed = new Set<Q>();
  const out: Q[] = [];
  for (const ref of order) {
    const found = questions.find((question) => !placed.has(question) && matches(question, ref));
    if (found) {
      placed.add(found);
      out.push(found);
    }
  }
  for (const question of questions) if (!placed.has(question)) out.push(question);
  return out;
}

/** Statistics order: by group, then accuracy ascending, then attempts descending; ties shuffled. */
export function orderByStatistics<Q extends OrderableQuestion>(
  questions: readonly Q[],
  stats: StatsById | undefined,
  random: RandomSource = Math.random,
): Q[] {
  const rank = (question: Q) => {
    const stat = statOf(stats, question.id);
    return {
      group: ACCURACY_GROUPS.indexOf(accuracyGroup(stat)),
      accuracy: accuracyPercentage(stat),
      attempts: stat?.total_attempts ?? 0,
    };
  };
  // Shuffle first, then a stable sort: questions that tie keep their shuffled order.
  const ranked = shuffled(questions, random).map((question) => ({ question, ...rank(question) }));
  ranked.sort((a, b) => a.group - b.group || a.accuracy - b.accuracy || b.attempts - a.attempts);
  return ranked.map((entry) => entry.question);
}

export interface OrderOptions {
  /** The `order` parameter, parsed; non-empty means a fixed order (statistics are not used). */
  order?: readonly string[];
  stats?: StatsById;
  random?: RandomSource;
}

/** The whole rule: a fixed `order` when given, else the statistics order. */
export function orderQuestions<Q extends OrderableQuestion>(questions: readonly Q[], options: OrderOptions = {}): Q[] {
  if (options.order && options.order.length > 0) return orderByList(questions, options.order);
  return orderByStatistics(questions, options.stats, options.random);
}

/**
 * Statistics arrived while the exam is open: the questions up to and including the current one
 * keep their places (the current question stays in view, its number unchanged), the rest are
 * re-sorted and re-shuffled. Takes and returns question ids.
 */
export function resortRemaining(
  orderIds: readonly string[],
  currentIndex: number,
  stats: StatsById | undefined,
  random: RandomSource = Math.random,
): string[] {
  const keep = Math.max(0, Math.min(orderIds.length, currentIndex + 1));
  const rest = orderByStatistics(
    orderIds.slice(keep).map((id) => ({ id })),
    stats,
    random,
  ).map((question) => question.id);
  return [...orderIds.slice(0, keep), ...rest];
}
