import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReviewRating } from '#shared/contracts/review.js';
import { recordGrade, type OfflineDb, type OfflineMeta, type StoredCard } from '../../../lib/offline/offline-db.js';
import { offlineQueue, schedulerOfDownload } from '../utils/offline-queue.js';
import { ratingNumber } from '../utils/intervals.js';
import { newGradeId } from '../utils/grade-id.js';

/**
 * A review sitting from the offline store: the queue is computed on the device (utils/offline-queue.ts)
 * and each grade is written to the outbox, with the card's new local state, before the next card shows.
 */
export function useOfflineSession(db: OfflineDb, meta: OfflineMeta, revision: number, onGraded: () => void) {
  const [cards, setCards] = useState<StoredCard[] | null>(null);
  const [now, setNow] = useState(() => new Date());
  const shownAt = useRef(Date.now());
  const scheduler = useMemo(() => schedulerOfDownload(meta), [meta]);

  useEffect(() => {
    let gone = false;
    void db.getAll('cards').then((all) => {
      if (gone) return;
      setCards(all);
      setNow(new Date());
    });
    return () => {
      gone = true;
    };
  }, [db, revision]);

  const queue = useMemo(() => (cards ? offlineQueue(cards, meta, now) : null), [cards, meta, now]);
  const current = queue?.current ?? null;

  useEffect(() => {
    shownAt.current = Date.now();
  }, [current?.question_id]);

  // A learning step comes due: look again then.
  const nextLearning = queue?.nextLearningDue ?? null;
  useEffect(() => {
    if (!nextLearning || current) return;
    const timer = setTimeout(() => setNow(new Date()), Math.max(1000, Date.parse(nextLearning) - Date.now() + 500));
    return () => clearTimeout(timer);
  }, [nextLearning, current]);

  const grade = useCallback(
    async (rating: ReviewRating) => {
      const stored = current && cards?.find((c) => c.question_id === current.question_id);
      if (!stored) return;
      const at = new Date();
      const next: StoredCard = { ...stored, fsrs: scheduler.review(stored.fsrs ?? undefined, rating, at) };
      await recordGrade(
        db,
        {
          grade_id: newGradeId(),
          question_id: stored.question_id,
          exam_id: stored.exam_id,
          rating: ratingNumber(rating),
          graded_at: at.toISOString(),
          seconds: Math.min(86_400, Math.round((Date.now() - shownAt.current) / 1000)),
        },
        next,
        current.kind === 'new',
      );
      setCards((all) => all && all.map((c) => (c.question_id === next.question_id ? next : c)));
      setNow(new Date());
      onGraded();
    },
    [current, cards, scheduler, db, onGraded],
  );

  return { loaded: !!queue, current, counts: queue?.counts ?? null, nextLearning, grade };
}
