import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard } from '#shared/contracts/review.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { buryCard } from '../api/bury-review.js';
import { flagCard } from '../api/flag-card.js';
import { suspendCard } from '../api/suspend-card.js';
import { undoGrade } from '../api/undo-review.js';

/** One step of the sitting that Z takes back, newest first. */
export type SessionStep =
  | { kind: 'grade'; card: ReviewCard; gradeId: string }
  | { kind: 'bury'; card: ReviewCard }
  | { kind: 'suspend'; card: ReviewCard }
  | { kind: 'flag'; card: ReviewCard; flagged: boolean };

/** Steps kept for Z (Anki keeps about as many). */
export const UNDO_LEVELS = 20;

interface CardActionDeps {
  /** The card leaves the screen (graded, buried, suspended). */
  hide(card: ReviewCard): void;
  /** The card comes back first; `reread`: the queue was read again after a server undo. */
  giveBack(card: ReviewCard, reread: boolean): void;
  /** Takes back a grade not yet sent; false when it already went. */
  withdraw(gradeId: string): boolean;
  flush(): Promise<void>;
}

/**
 * Bury, suspend and flag on the card being reviewed, and Z over every step of the sitting (grades
 * included): each announced, run one at a time (a second Z waits for the first), and each taken back
 * by its own route (D304–D306).
 */
export function useCardActions({ hide, giveBack, withdraw, flush }: CardActionDeps) {
  const { t } = useTranslation();
  const toast = useToast();
  const steps = useRef<SessionStep[]>([]);
  const [depth, setDepth] = useState(0);
  const [flags, setFlags] = useState<Map<string, boolean>>(new Map());
  const serial = useSerial();

  const record = useCallback((step: SessionStep) => {
    steps.current = [...steps.current.slice(-(UNDO_LEVELS - 1)), step];
    setDepth(steps.current.length);
  }, []);

  const fail = useCallback(
    (error: unknown, fallback: string) => toast.error(serverDetailOr(error, t, t(fallback))),
    [toast, t],
  );

  /** Bury or suspend: the card leaves the screen once the server has it; false when it stays. */
  const leaveBy = useCallback(
    (kind: 'bury' | 'suspend') => (card: ReviewCard) =>
      serial(async () => {
        try {
          await (kind === 'bury' ? buryCard : suspendCard)(card.question_id, true);
          hide(card);
          record({ kind, card });
          toast.info(t(kind === 'bury' ? 'review.actions.buried' : 'review.actions.suspended'));
          return true;
        } catch (error) {
          fail(error, kind === 'bury' ? 'review.actions.buryFailed' : 'review.actions.suspendFailed');
          return false;
        }
      }),
    [serial, hide, record, toast, t, fail],
  );

  const flag = useCallback(
    (card: ReviewCard) =>
      serial(async () => {
        try {
          const { is_favorite } = await flagCard(card.question_id, card.exam_id);
          setFlags((map) => new Map(map).set(card.question_id, is_favorite));
          record({ kind: 'flag', card, flagged: is_favorite });
          toast.info(t(is_favorite ? 'review.actions.flagged' : 'review.actions.unflagged'));
        } catch (error) {
          fail(error, 'review.actions.flagFailed');
        }
      }),
    [serial, record, toast, t, fail],
  );

  const takeBack = useCallback(
    async (step: SessionStep) => {
      const flagged = await takeBackStep(step, { withdraw, flush, giveBack });
      if (flagged !== undefined) setFlags((map) => new Map(map).set(step.card.question_id, flagged));
    },
    [withdraw, flush, giveBack],
  );

  const undo = useCallback(
    () =>
      serial(async () => {
        const step = steps.current[steps.current.length - 1];
        if (!step) {
          toast.info(t('review.undo.nothing'));
          return;
        }
        steps.current = steps.current.slice(0, -1);
        setDepth(steps.current.length);
        try {
          await takeBack(step);
          toast.info(t(`review.undo.${step.kind}`));
        } catch (error) {
          fail(error, 'review.undo.failed');
        }
      }),
    [serial, takeBack, toast, t, fail],
  );

  const flagged = useCallback((questionId: string) => flags.get(questionId), [flags]);

  const bury = useMemo(() => leaveBy('bury'), [leaveBy]);
  const suspend = useMemo(() => leaveBy('suspend'), [leaveBy]);
  return { record, bury, suspend, flag, undo, flagged, canUndo: depth > 0 };
}

/** Takes one step back by its own route; a flag answers its state after. */
async function takeBackStep(
  step: SessionStep,
  { withdraw, flush, giveBack }: Pick<CardActionDeps, 'withdraw' | 'flush' | 'giveBack'>,
): Promise<boolean | undefined> {
  if (step.kind === 'grade') {
    const local = withdraw(step.gradeId);
    if (!local) {
      await flush();
      await undoGrade(step.gradeId);
    }
    giveBack(step.card, !local);
    return undefined;
  }
  if (step.kind === 'flag') return (await flagCard(step.card.question_id, step.card.exam_id)).is_favorite;
  if (step.kind === 'bury') await buryCard(step.card.question_id, false);
  else await suspendCard(step.card.question_id, false);
  giveBack(step.card, false);
  return undefined;
}

/** Runs each action after the previous one, so Z Z takes back two steps in order. */
function useSerial() {
  const queue = useRef<Promise<void>>(Promise.resolve());
  return useCallback(<T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(run, run);
    queue.current = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }, []);
}
