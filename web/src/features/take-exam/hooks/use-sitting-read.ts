import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SittingState } from '#shared/contracts/sittings.js';
import { answersChanged } from '#shared/domain/sitting-merge.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { loadSitting } from '../api/sitting.js';
import { sittingStateOf } from '../utils/sitting-merge.js';
import { sessionReducer, type SessionAction } from '../utils/session-record.js';
import type { SittingRefs } from './use-sitting-refs.js';

/** The notice that another tab's answers came in stays long enough to be read. */
const STALE_NOTICE_MS = 8_000;

interface SittingReadInput {
  examId: string;
  dispatch: (action: SessionAction) => void;
  refs: SittingRefs;
  /** restart=true: the server's sitting is replaced, not taken over. */
  restart: boolean;
  /** Ask "continue or start over" when the exam opens on an unfinished sitting (D296). */
  offer: boolean;
}

/**
 * Reading the server's sitting and merging it into this tab's record (utils/sitting-merge):
 * `apply` runs an action here and on the shared latest record, `adopt` takes a server sitting in,
 * `pull` reads and adopts; `offered` is the unfinished sitting's answer count to ask about.
 */
export function useSittingRead({ examId, dispatch, refs, restart, offer }: SittingReadInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const [offered, setOffered] = useState<number | null>(null);
  // Asked once, when the screen opens; never after a start over chosen on the way in (restart=true).
  const mayOffer = useRef(offer && !restart);

  const apply = useCallback(
    (action: SessionAction) => {
      dispatch(action);
      refs.latest = sessionReducer(refs.latest, action);
    },
    [dispatch, refs],
  );

  /** Takes the server's sitting in; the learner is told (politely) what came from elsewhere. */
  const adopt = useCallback(
    (state: SittingState, sittingVersion: number, followRemote: boolean, tell: boolean) => {
      const before = sittingStateOf(refs.latest);
      apply({ type: 'adoptSitting', state, followRemote, version: sittingVersion });
      const changed = answersChanged(before, sittingStateOf(refs.latest)).length;
      if (tell && changed > 0) toast.info(t('takeExam.toasts.staleMerged', { count: changed }), STALE_NOTICE_MS);
    },
    [apply, refs, toast, t],
  );

  /** Reads the server's sitting and merges it in (when it changed since this tab last saw it). */
  const pull = useCallback(
    async (opening = false) => {
      const { sitting } = await loadSitting(examId);
      const ask = opening && mayOffer.current;
      if (opening) mayOffer.current = false;
      if (!sitting) {
        // It was on the server and is gone: finished in another tab or device. This tab's answers
        // are in that result already; carrying on with them would count them twice.
        if (refs.version > 0) apply({ type: 'restart', order: refs.latest.questionOrder, now: Date.now() });
        refs.version = 0;
        return;
      }
      // Opened on an unfinished sitting, even one this tab has kept: the learner is asked (D296).
      if (ask && sitting.state.answered.length > 0) setOffered(sitting.state.answered.length);
      if (sitting.version !== refs.version) adopt(sitting.state, sitting.version, opening, !opening);
      refs.version = sitting.version;
    },
    [examId, refs, apply, adopt],
  );

  return { apply, adopt, pull, offered, dismissOffer: () => setOffered(null) };
}

export type SittingRead = ReturnType<typeof useSittingRead>;
