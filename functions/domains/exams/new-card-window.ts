import { PLACED_MAX, type NewCardPlace } from './entities/new-card-place.js';
import type { StoredQuestion } from './exam-store.js';

/**
 * The new-card rule over the whole bank (D308), pure: `npm run simulate` and the unit tests run
 * it. New cards are the first questions in exam order that were never answered, found past the
 * learner's frontier in the exam (entities/new-card-place.ts) rather than among the first 60 of
 * the exam: answered questions ahead of them, due or not, take no room.
 */

/** New candidates whose statistics are read per queue page (one BatchGetItem with the sample). */
export const QUEUE_CANDIDATES = 60;
/** Answered questions, not due, whose statistics are read too: what a short daily exam is filled from. */
export const REVIEWED_SAMPLE = 30;

/** A question copy with its position in the exam. */
export interface PlacedCopy {
  position: number;
  question: StoredQuestion;
}

/** The place of an exam the learner's queue has never read: nothing known yet. */
export const emptyPlace = (examId: string): NewCardPlace => ({
  examId,
  frontier: 0,
  placed: new Map(),
  passed: new Map(),
});

/**
 * What one read teaches the place: `copies` are the exam's questions past the frontier in position
 * order (a window, or the whole exam the first time); `answered` says whether the learner answered
 * a question (`undefined`: its statistic was not read). Answered questions are placed, ignored ones
 * passed, and the frontier moves over the unbroken run of both from where it stood. A passed
 * question answered since (it was ignored no more) is placed.
 */
export function advancePlace(
  place: NewCardPlace,
  copies: readonly PlacedCopy[],
  answered: (questionId: string) => boolean | undefined,
  ignored: ReadonlySet<string>,
): { place: NewCardPlace; changed: boolean } {
  const placed = new Map(place.placed);
  const passed = new Map(place.passed);
  let frontier = place.frontier;
  let changed = false;
  for (const [id, position] of place.passed)
    if (answered(id) === true) {
      passed.delete(id);
      if (placed.size < PLACED_MAX) placed.set(id, position);
      changed = true;
    }
  let unbroken = true;
  for (const { position, question } of copies) {
    if (position <= place.frontier) continue;
    const id = question.id;
    const seen = placed.has(id) || answered(id) === true;
    if (seen && !placed.has(id) && placed.size < PLACED_MAX) {
      placed.set(id, position);
      changed = true;
    }
    const skipped = !seen && (ignored.has(id) || passed.has(id));
    if (skipped && !passed.has(id)) {
      passed.set(id, position);
      changed = true;
    }
    if (unbroken && (seen || skipped)) frontier = position;
    else unbroken = false;
  }
  if (frontier !== place.frontier) changed = true;
  return { place: { examId: place.examId, frontier, placed, passed }, changed };
}

/**
 * The new candidates of the read exams, in the caller's exam order, at most `max`: per exam the
 * questions passed while ignored that are ignored no more (they stand before the frontier), then the
 * window's questions that are neither placed, passed, nor on the due index.
 */
export function windowCandidates(
  exams: readonly { place: NewCardPlace; copies: readonly PlacedCopy[] }[],
  onDueIndex: ReadonlySet<string>,
  ignored: ReadonlySet<string>,
  max = QUEUE_CANDIDATES,
): string[] {
  const out: string[] = [];
  const taken = new Set<string>();
  const take = (id: string) => {
    if (out.length < max && !taken.has(id) && !onDueIndex.has(id)) {
      taken.add(id);
      out.push(id);
    }
  };
  for (const { place, copies } of exams) {
    const revived = [...place.passed].filter(([id]) => !ignored.has(id)).sort((a, b) => a[1] - b[1]);
    for (const [id] of revived) take(id);
    for (const { position, question } of copies)
      if (position > place.frontier && !place.placed.has(question.id) && !place.passed.has(question.id))
        take(question.id);
  }
  return out;
}

/** FNV-1a, 32 bits: a stable shuffle key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Answered questions whose statistics are read with the candidates, at most `max`: a sample that
 * changes every learner day (ordered by a hash of day and id), so over the days the short-day fill
 * sees every answered question alike instead of the same first ones of the exam.
 */
export function reviewedSample(answered: Iterable<string>, day: string, max = REVIEWED_SAMPLE): string[] {
  return [...new Set(answered)]
    .map((id) => ({ id, key: hash(`${day}#${id}`) }))
    .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
    .slice(0, max)
    .map((s) => s.id);
}

/**
 * The rule on a whole bank known at once (`npm run simulate`, the unit tests): the first
 * {@link QUEUE_CANDIDATES} questions in exam order neither on the due index nor answered, then the
 * day's sample of answered questions not on the index — what the queue reads once its places have
 * caught up with the learner's statistics.
 */
export function queueCandidates(
  questionIds: readonly string[],
  dueEntries: readonly { questionId: string }[],
  answered: (questionId: string) => boolean,
  day: string,
): string[] {
  const onIndex = new Set(dueEntries.map((d) => d.questionId));
  const off = questionIds.filter((id) => !onIndex.has(id));
  const fresh = off.filter((id) => !answered(id)).slice(0, QUEUE_CANDIDATES);
  return [...fresh, ...reviewedSample(off.filter(answered), day)];
}
