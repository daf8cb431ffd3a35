import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import { useReviewQueue, type ReviewFilter } from '../api/get-review-queue.js';
import type { GradeBody } from '../api/grade-review.js';
import { cardOnScreen } from '../utils/card-on-screen.js';
import { newGradeId } from '../utils/grade-id.js';
import { ratingNumber } from '../utils/intervals.js';
import { useCardActions, type SessionStep } from './use-card-actions.js';
import { usePendingGrades } from './use-pending-grades.js';

type DoneCards = Map<string, ReviewCard['kind']>;

/**
 * The state of a review sitting: the queue page from the server, the cards graded here since it was
 * read (hidden until the next read), the grades still waiting to be sent, and the steps Z takes
 * back (grades, buries, suspends, flags: several levels, D304). A page read again while grades are
 * pending keeps their cards hidden, so a card graded offline is never shown (and graded) twice.
 */
export function useReviewSession(userId: string, filter: ReviewFilter) {
  const read = useReviewQueue(filter);
  const { done, setDone, front, hide, giveBack } = useDoneCards();
  const reload = read.reload;
  const { pending, add, withdraw, flush } = usePendingGrades(userId, () => undefined);

  const pendingIds = useMemo(() => new Set(pending.map((g) => g.question_id)), [pending]);
  const page = read.data?.cards;
  const cards = useMemo(() => page ?? [], [page]);
  const { visible, shownFront, current } = cardOnScreen({ cards, front, done, pendingIds });
  const shownAt = useShownAt(current?.question_id);

  // The page is used up: read the next one once every grade is through.
  const exhausted = !!read.data && cards.length > 0 && visible.length === 0 && !shownFront;
  const nextLearning = read.data?.next_learning_due ?? null;
  useQueueRereads({ exhausted, pendingCount: pending.length, nextLearning, current, reload, setDone });

  const actions = useCardActions({ hide, giveBack, withdraw, flush });
  const grade = useGrade({ current, shownAt, add, hide, record: actions.record });
  const counts = useCountsLeft({ data: read.data, done, pending, pendingIds, cards });

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

/** The cards done here since the page was read (hidden until the next read), and the one Z gave back. */
function useDoneCards() {
  const [done, setDone] = useState<DoneCards>(new Map());
  /** A card given back by Z: shown next, with the intervals it had before. */
  const [front, setFront] = useState<ReviewCard | null>(null);

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

  return { done, setDone, front, hide, giveBack };
}

/** When the card on screen was shown: its grade's seconds count from then. */
function useShownAt(questionId: string | undefined): RefObject<number> {
  const shownAt = useRef(Date.now());
  useEffect(() => {
    shownAt.current = Date.now();
  }, [questionId]);
  return shownAt;
}

interface QueueRereadsInput {
  /** The page is used up (every card on it done here or pending). */
  exhausted: boolean;
  pendingCount: number;
  /** The earliest learning step still waiting (ISO), if any. */
  nextLearning: string | null;
  current: ReviewCard | null;
  reload: () => Promise<unknown>;
  setDone: Dispatch<SetStateAction<DoneCards>>;
}

/** The queue read again: the next page once this one is used up, or when a learning step comes due. */
function useQueueRereads({ exhausted, pendingCount, nextLearning, current, reload, setDone }: QueueRereadsInput) {
  // Used up: the next page is read once every grade is through.
  useEffect(() => {
    if (!exhausted || pendingCount > 0) return;
    void reload().then(() => setDone(new Map()));
  }, [exhausted, pendingCount, reload, setDone]);

  // A learning step comes due: look again then.
  useEffect(() => {
    if (!nextLearning || current) return;
    const wait = Math.max(1000, Date.parse(nextLearning) - Date.now() + 500);
    if (wait > 3_600_000) return;
    const timer = setTimeout(() => void reload().then(() => setDone(new Map())), wait);
    return () => clearTimeout(timer);
  }, [nextLearning, current, reload, setDone]);
}

interface GradeInput {
  current: ReviewCard | null;
  shownAt: RefObject<number>;
  add: (grade: GradeBody) => void;
  hide: (card: ReviewCard) => void;
  record: (step: SessionStep) => void;
}

/** Grading the card on screen: queued to be sent (with its own grade id), hidden, and kept for Z. */
function useGrade({ current, shownAt, add, hide, record }: GradeInput) {
  return useCallback(
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
    [current, shownAt, add, hide, record],
  );
}

interface CountsLeftInput {
  data: ReturnType<typeof useReviewQueue>['data'];
  done: DoneCards;
  pending: readonly GradeBody[];
  pendingIds: ReadonlySet<string>;
  cards: readonly ReviewCard[];
}

/** What is left today: the server's counts less the cards done here and the grades still pending. */
function useCountsLeft({ data, done, pending, pendingIds, cards }: CountsLeftInput) {
  return useMemo(() => {
    const base = data?.counts ?? { new: 0, learning: 0, due: 0 };
    const out = { ...base };
    for (const [id, kind] of done) if (!pendingIds.has(id)) out[kind] = Math.max(0, out[kind] - 1);
    for (const g of pending) {
      const kind = cards.find((c) => c.question_id === g.question_id)?.kind;
      if (kind) out[kind] = Math.max(0, out[kind] - 1);
    }
    return out;
  }, [data, done, pending, pendingIds, cards]);
}
