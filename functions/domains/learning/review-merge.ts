import type { FsrsCard, Grade } from './fsrs.js';

/**
 * The merge rule of offline grades (docs/architecture.md "Offline merge"), pure: a card's state is
 * the replay of its grades in review-time order (ties: grade id) from a base state, with the
 * server's FSRS step. The store feeds it the card, the incoming grades and, when an incoming grade
 * is older than the card's last review, the card's later log rows with their snapshots.
 */

/**
 * Log rows one merge rewinds at most per card (each is rewritten in the merge's transaction): a card
 * graded more often than this between its oldest offline grade and now takes that grade after them.
 */
export const MAX_REWIND_ROWS = 30;

export interface MergeGrade {
  grade_id: string;
  /** Review time, ISO (UTC, so strings sort as times). */
  at: string;
  rating: number;
}

/** One row of the card's log at or after the earliest incoming grade. */
export interface WindowRow {
  at: string;
  rating: number;
  /** Null: a row no grade claim stands behind (an exam answer): it cannot be rewound past. */
  grade_id: string | null;
  /** The card before this row (null: a new card); undefined when unknown (no claim read). */
  previous?: FsrsCard | null;
}

export type ReviewStep = (card: FsrsCard | undefined, grade: Grade, at: Date) => FsrsCard;

export interface Replayed<G extends MergeGrade> {
  grade: G;
  before: FsrsCard | undefined;
  after: FsrsCard;
}

const GRADE_NAMES: readonly Grade[] = ['again', 'hard', 'good', 'easy'];
export const gradeName = (rating: number): Grade => GRADE_NAMES[Math.min(4, Math.max(1, rating)) - 1]!;

/** Review-time order, ties broken by grade id: the one order every device and the server agree on. */
export function byReviewTime(a: MergeGrade, b: MergeGrade): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.grade_id < b.grade_id ? -1 : a.grade_id > b.grade_id ? 1 : 0;
}

/** The grades as a set keyed by grade id (the first of a repeated id stays), in review-time order. */
export function gradeSet<G extends MergeGrade>(grades: readonly G[]): G[] {
  const seen = new Map<string, G>();
  for (const grade of grades) if (!seen.has(grade.grade_id)) seen.set(grade.grade_id, grade);
  return [...seen.values()].sort(byReviewTime);
}

/** Each grade of the set, in order, applied to `base` with the server's step. */
export function replayCard<G extends MergeGrade>(
  base: FsrsCard | undefined,
  grades: readonly G[],
  step: ReviewStep,
): Replayed<G>[] {
  const out: Replayed<G>[] = [];
  let card = base;
  for (const grade of gradeSet(grades)) {
    const after = step(card, gradeName(grade.rating), new Date(grade.at));
    out.push({ grade, before: card, after });
    card = after;
  }
  return out;
}

/** An offline grade keeps its own time, within `windowMs` before now and never in the future. */
export function clampGradeTime(gradedAt: string, now: Date, windowMs: number): string {
  const at = Date.parse(gradedAt);
  const t = Number.isFinite(at) ? Math.min(now.getTime(), Math.max(now.getTime() - windowMs, at)) : now.getTime();
  return new Date(t).toISOString();
}

export const shiftIso = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A grade of the replay: an incoming one (`incoming`) or a row of the log rewound. */
export type PlannedGrade = MergeGrade & { incoming: boolean };

export type CardPlan =
  { needsWindow: true } | { needsWindow: false; base: FsrsCard | undefined; steps: Replayed<PlannedGrade>[] };

/**
 * Incoming grades older than `floor` move just after it, keeping their order: the rule for a row
 * that cannot be rewound (an exam answer, a log past the cap). Their new time is what the log keeps.
 */
function after(floor: string, grades: readonly MergeGrade[]): MergeGrade[] {
  return gradeSet(grades).map((g, i) => (g.at > floor ? g : { ...g, at: shiftIso(floor, i + 1) }));
}

const incomingOf = (grades: readonly MergeGrade[]): PlannedGrade[] => grades.map((g) => ({ ...g, incoming: true }));

/**
 * How a card takes `incoming` (new grade ids only). When they all come after its last review they
 * are replayed on the card as it is (no log read). Otherwise the card is rewound to the snapshot
 * before its first log row at or after the earliest incoming grade, and that row and every later
 * one are replayed with the incoming grades. At most `maxRewind` rows are rewound, never past a row
 * without a snapshot: incoming grades older than such a row are replayed just after it.
 */
export function planCardMerge(input: {
  current: FsrsCard | undefined;
  incoming: readonly MergeGrade[];
  window: readonly WindowRow[] | null;
  maxRewind: number;
  step: ReviewStep;
}): CardPlan {
  const { current, step } = input;
  let grades = gradeSet(input.incoming);
  const last = current?.last_review ?? null;
  const earliest = grades[0]?.at;
  if (!earliest || !last || last < earliest)
    return { needsWindow: false, base: current, steps: replayCard(current, incomingOf(grades), step) };
  if (!input.window) return { needsWindow: true };
  const rows = input.window
    .filter((row) => row.at >= earliest)
    .sort((a, b) => byReviewTime({ ...a, grade_id: a.grade_id ?? '' }, { ...b, grade_id: b.grade_id ?? '' }));
  let barrier = -1;
  rows.forEach((row, i) => {
    if (!row.grade_id || row.previous === undefined) barrier = i;
  });
  const tooMany = rows.length - (barrier + 1) > input.maxRewind;
  if (tooMany || barrier >= 0) grades = after(tooMany ? last : rows[barrier]!.at, grades);
  const rewound = tooMany ? [] : rows.slice(barrier + 1).filter((row) => row.at >= grades[0]!.at);
  if (!rewound.length) {
    if (last >= grades[0]!.at) grades = after(last, grades);
    return { needsWindow: false, base: current, steps: replayCard(current, incomingOf(grades), step) };
  }
  const base = rewound[0]!.previous ?? undefined;
  const old = rewound.map((row) => ({ grade_id: row.grade_id!, at: row.at, rating: row.rating, incoming: false }));
  return { needsWindow: false, base, steps: replayCard(base, [...incomingOf(grades), ...old], step) };
}
