import type { DueEntry } from '../learning/index.js';
import { PLACED_MAX, type NewCardPlace } from './entities/new-card-place.js';
import type { ExamRecord, StoredQuestion } from './exam-store.js';
import { copiesAfter, copiesAt, copyInExam, readPlaces, savePlaces } from './new-card-store.js';
import { advancePlace, emptyPlace, type PlacedCopy } from './new-card-window.js';

/**
 * The learner's queue reads its source exams through their places (D308): per exam the place
 * (one BatchGetItem for all) and the next {@link QUEUE_WINDOW} questions past the frontier (one
 * Query each), whatever the exam's size. An exam the learner has no place in yet is read the same
 * way from its start: the statistics of its candidates place what they answered before, up to the
 * candidates of one read at a time (D419).
 */

/** Questions read past the frontier per exam and page (placed or ignored ones among them take room). */
export const QUEUE_WINDOW = 100;

export interface ExamWindow {
  exam: ExamRecord;
  place: NewCardPlace;
  /** The window: the exam's questions past the frontier, in position order. */
  copies: PlacedCopy[];
  /** The place was built or moved by this read and must be saved. */
  changed: boolean;
}

/** The windows of the chosen exams, in their order. */
export async function readWindows(userId: string, chosen: ExamRecord[]): Promise<ExamWindow[]> {
  const places = await readPlaces(
    userId,
    chosen.map((e) => e.id),
  );
  return Promise.all(
    chosen.map(async (exam) => {
      // No place yet (a new subscriber, or a learner from before places): the empty place, read
      // like any other; what its candidates' statistics say places the learner (D419).
      const place = places.get(exam.id) ?? emptyPlace(exam.id);
      return { exam, place, copies: await copiesAfter(exam.id, place.frontier, QUEUE_WINDOW), changed: false };
    }),
  );
}

/**
 * Takes in what the candidates' statistics said (`answered`: undefined when not read) and saves
 * the places that moved (one BatchWriteItem; none when nothing was learned). A placed question
 * found without any statistic (statistics deleted outside the usual paths) is unplaced and the
 * frontier goes back before it, so it is new again.
 */
export async function learnFromRead(
  userId: string,
  windows: ExamWindow[],
  answered: (questionId: string) => boolean | undefined,
  missing: ReadonlySet<string>,
  ignored: ReadonlySet<string>,
): Promise<NewCardPlace[]> {
  const next = windows.map((w) => {
    let place = w.place;
    let changed = w.changed;
    for (const [id, position] of w.place.placed)
      if (missing.has(id)) {
        const placed = new Map(place.placed);
        placed.delete(id);
        place = { ...place, placed, frontier: Math.min(place.frontier, position - 1) };
        changed = true;
      }
    const learned = advancePlace(place, w.copies, answered, ignored);
    return { place: learned.place, changed: changed || learned.changed };
  });
  await savePlaces(
    userId,
    next.filter((n) => n.changed).map((n) => n.place),
  );
  return next.map((n) => n.place);
}

export type Where = Map<string, { exam: ExamRecord; question: StoredQuestion }>;

/**
 * Reads the copies of `ids` not in `where` yet and adds them: a placed or passed question by its
 * position (one BatchGetItem), a due card answered in one of the exams but not placed by its gsi1
 * copy (one Query each; only cards about to be shown), which is then placed so that the next read
 * finds it by key (its place is saved: one BatchWriteItem).
 */
export async function readCopies(
  userId: string,
  ids: readonly string[],
  windows: readonly { exam: ExamRecord; place: NewCardPlace }[],
  due: ReadonlyMap<string, DueEntry>,
  where: Where,
): Promise<void> {
  const exams = new Map(windows.map((w) => [w.exam.id, w.exam]));
  const wanted = [...new Set(ids)].filter((id) => !where.has(id));
  if (wanted.length === 0) return;
  const byPlace = wanted.flatMap((questionId) => {
    for (const { exam, place } of windows) {
      const position = place.placed.get(questionId) ?? place.passed.get(questionId);
      if (position !== undefined) return [{ examId: exam.id, position, questionId }];
    }
    return [];
  });
  const found = byPlace.length > 0 ? await copiesAt(byPlace) : new Map();
  for (const [id, { examId, copy }] of found) where.set(id, { exam: exams.get(examId)!, question: copy.question });
  const located = await Promise.all(
    wanted
      .filter((id) => !where.has(id) && exams.has(due.get(id)?.examId ?? ''))
      .map(async (id) => {
        const examId = due.get(id)!.examId;
        const copy = await copyInExam(examId, id);
        if (copy) where.set(id, { exam: exams.get(examId)!, question: copy.question });
        return copy ? { examId, id, position: copy.position } : null;
      }),
  );
  const moved = new Set<NewCardPlace>();
  for (const found of located) {
    const place = windows.find((w) => w.exam.id === found?.examId)?.place;
    if (!found || !place || place.placed.size >= PLACED_MAX) continue;
    place.placed.set(found.id, found.position);
    moved.add(place);
  }
  await savePlaces(userId, [...moved]);
}
