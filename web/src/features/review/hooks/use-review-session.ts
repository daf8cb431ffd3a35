import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import { useReviewQueue, type ReviewFilter } from '../api/get-review-queue.js';
import { newGradeId } from '../utils/grade-id.js';
import { ratingNumber } from '../utils/intervals.js';
import { useCardActions, type SessionStep } from './use-card-actions.js';
import { usePendingGrades } from './use-pending-grades.js';

/**
 * The state of a review sitting: the queue page from the server, the cards graded here since it was
 * read (hidden until the next read), the grades still waiting to be sent, and the steps Z takes
 * back (grades, buries, suspends, flags: several levels, D304). A page read again while grades are
 * pending keeps their cards hidden, so a card graded offline is never shown (and graded) twice.
 */
export function useReviewSession(userId: string, filter: ReviewFilter) {
  const read = useReviewQueue(filter);
  const [done, setDone] = useState<Map<string, ReviewCard['kind']>>(new Map());
  /** A card given back by Z: shown next, with the intervals it had before. */
  const [front, setFront] = useState<ReviewCard | null>(null);
  const shownAt = useRef(Date.now());
  const reload = read.reload;
  const { pending, add, withdraw, flush } = usePendingGrades(userId, () => undefined);

  const pendingIds = useMemo(() => new Set(pending.map((g) => g.question_id)), [pending]);
  const page = read.data?.cards;
  const cards = useMemo(() => page ?? [], [page]);
  const visible = cards.filter((c) => !done.has(c.question_id) && !pendingIds.has(c.question_id));
  const shownFront = front && !done.has(front.question_id) && !pendingIds.has(front.question_id) ? front : null;
  const current = shownFront ?? visible[0] ?? null;

  useEffect(() => {
    shownAt.current = Date.now();
  }, [current?.question_id]);

  // The page is used up: read the next one once every grade is through.
  const exhausted = !!read.data && cards.length > 0 && visible.length === 0 && !shownFront;
  useEffect(() => {
    if (!exhausted || pending.length > 0) return;
    void reload().then(() => setDone(new Map()));
  }, [exhausted, pending.length, reload]);

  // A learning step comes due: look again then.
  const nextLearning = read.data?.next_learning_due ?? null;
  useEffect(() => {
    if (!nextLearning || current) return;
    const wait = Math.max(1000, Date.parse(nextLearning) - Date.now() + 500);
    if (wait > 3_600_000) return;
    const timer = setTimeout(() => void reload().then(() => setDone(new Map())), wait);
    return () => clearTimeout(timer);
  }, [nextLearning, current, reload]);

  const hide = useCallback((card: ReviewCard) => {
    setDone((map) => new Map(map).set(card.question_id, card.kind));
    setFront((shown) => (shown?.question_id === card.question_id ? null : shown));
  }, []);
  const giveBack = useCallback((card: ReviewCard, reread: boolean) => {
    // Every grade is through and the page was read again: nothing graded here needs hiding any more.
    if (reread) setDone(new Map());
    else
      setDone((map) => {
        const next = new Map(map);
        next.delete(card.question_id);
        return next;
      });
    setFront(card);
  }, []);

  const actions = useCardActions({ hide, giveBack, withdraw, flush });
  const { record } = actions;

  const grade = useCallback(
    (rating: ReviewRating) => {
      if (!current) return;
      const gradeId = newGradeId();
      add({
        grade_id: gradeId,
        question_id: current.question_id,
        exam_id: current.exam_id,
        rating: ratingNumber(rating),
        seconds: Math.min(86_400, Math.round((Date.now() - shownAt.current) / 1000)),
        graded_at: new Date().toISOString(),
      });
      hide(current);
      record({ kind: 'grade', card: current, gradeId } satisfies SessionStep);
    },
    [current, add, hide, record],
  );

  const counts = useMemo(() => {
    const base = read.data?.counts ?? { new: 0, learning: 0, due: 0 };
    const out = { ...base };
    for (const [id, kind] of done) if (!pendingIds.has(id)) out[kind] = Math.max(0, out[kind] - 1);
    for (const g of pending) {
      const kind = cards.find((c) => c.question_id === g.question_id)?.kind;
      if (kind) out[kind] = Math.max(0, out[kind] - 1);
    }
    return out;
  }, [read.data, done, pending, pendingIds, cards]);

  return {
    read,
    current,
    counts,
    grade,
    undo: actions.undo,
    bury: actions.bury,
    suspend: actions.suspend,
    flag: actions.flag,
    flagged: actions.flagged,
    pending: pending.length,
    canUndo: actions.canUndo,
  };
}
