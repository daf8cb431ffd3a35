import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SittingState } from '#shared/contracts/sittings.js';
import { answersChanged } from '#shared/domain/sitting-merge.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { closeSitting, finishSitting, loadSitting, writeSitting } from '../api/sitting.js';
import { sittingSignature, sittingStateOf } from '../utils/sitting-merge.js';
import { sessionReducer, type SessionAction, type SessionRecord } from '../utils/session-record.js';

/** Changes are written this long after the last one (typing does not write per key). */
const WRITE_DELAY_MS = 700;
/** The time is kept on the server this often while nothing else changes. */
const TIME_EVERY_MS = 20_000;
/** A write that failed (offline, or kept conflicting) is tried again this long after. */
const RETRY_MS = 3_000;
/** The notice that another tab's answers came in stays long enough to be read. */
const STALE_NOTICE_MS = 8_000;

interface ServerSittingInput {
  examId: string;
  record: SessionRecord;
  dispatch: (action: SessionAction) => void;
  /** Signed in and taking the whole exam (a selection or a single question stays in this tab). */
  enabled: boolean;
  /** restart=true: the server's sitting is replaced, not taken over. */
  restart: boolean;
  /** Ask "continue or start over" when the exam opens on an unfinished sitting (D296). */
  offer: boolean;
}

/**
 * Resume anywhere: the sitting is kept on the server, so another tab or device
 * continues where the learner stopped. Read when the exam opens and when the tab comes back to the
 * front (merged, utils/sitting-merge); written shortly after each change with the version it was
 * read at; another tab's write in between is merged by the server (D294) and shown here with a
 * polite notice. Nothing the learner answered is dropped: a busy or failed write is written again.
 */
export function useServerSitting({ examId, record, dispatch, enabled, restart, offer }: ServerSittingInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const latest = useRef(record);
  latest.current = record;
  const version = useRef(record.sittingVersion ?? 0);
  const ready = useRef(false);
  const busy = useRef(false);
  const again = useRef(false);
  const sent = useRef('');
  const sentSeconds = useRef(-1);
  const [offered, setOffered] = useState<number | null>(null);
  // Asked once, when the screen opens; never after a start over chosen on the way in (restart=true).
  const mayOffer = useRef(offer && !restart);

  const apply = useCallback(
    (action: SessionAction) => {
      dispatch(action);
      latest.current = sessionReducer(latest.current, action);
    },
    [dispatch],
  );

  /** Takes the server's sitting in; the learner is told (politely) what came from elsewhere. */
  const adopt = useCallback(
    (state: SittingState, sittingVersion: number, followRemote: boolean, tell: boolean) => {
      const before = sittingStateOf(latest.current);
      apply({ type: 'adoptSitting', state, followRemote, version: sittingVersion });
      const changed = answersChanged(before, sittingStateOf(latest.current)).length;
      if (tell && changed > 0) toast.info(t('takeExam.toasts.staleMerged', { count: changed }), STALE_NOTICE_MS);
    },
    [apply, toast, t],
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
        if (version.current > 0) apply({ type: 'restart', order: latest.current.questionOrder, now: Date.now() });
        version.current = 0;
        return;
      }
      // Opened on an unfinished sitting, even one this tab has kept: the learner is asked (D296).
      if (ask && sitting.state.answered.length > 0) setOffered(sitting.state.answered.length);
      if (sitting.version !== version.current) adopt(sitting.state, sitting.version, opening, !opening);
      version.current = sitting.version;
    },
    [examId, apply, adopt],
  );

  /**
   * Writes the record. A write while one is under way is queued, never dropped; a stale write is
   * merged by the server (D294) and what it merged shows here; a 409 (finished elsewhere, or the
   * merge kept losing) reads, merges and writes again.
   */
  const push = useCallback(async (): Promise<void> => {
    if (!enabled || !ready.current) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    let retryLater = false;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = latest.current;
        try {
          const answer = await writeSitting(examId, version.current, sittingStateOf(current));
          version.current = answer.sitting.version;
          sent.current = sittingSignature(current);
          sentSeconds.current = current.elapsedSeconds;
          if (answer.merged) adopt(answer.sitting.state, answer.sitting.version, false, true);
          else apply({ type: 'sittingSynced', version: answer.sitting.version });
          return;
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'sitting_version_conflict')) {
            // Offline or the server's trouble: tried again shortly (a refusal such as 404 is final).
            retryLater = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
            return;
          }
          await pull();
        }
      }
      retryLater = true;
    } finally {
      busy.current = false;
      if (again.current) {
        again.current = false;
        void push();
      } else if (retryLater) setTimeout(() => void push(), RETRY_MS);
    }
  }, [enabled, examId, apply, adopt, pull]);

  /** restart=true: the sitting there was is closed, its answers counted (D296); if that fails it resumes. */
  const learnVersion = useCallback(async () => {
    try {
      await closeSitting(examId);
      version.current = 0;
    } catch {
      await pull(true);
    }
  }, [examId, pull]);

  // Opening the exam: take the server's sitting over, its position too.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    (restart ? learnVersion() : pull(true))
      .catch(() => undefined)
      .finally(() => {
        if (!live) return;
        ready.current = true;
        void push();
      });
    return () => {
      live = false;
    };
  }, [enabled, restart, pull, push, learnVersion]);

  // A change worth keeping: written shortly after; the time alone every 20 s.
  const signature = enabled ? sittingSignature(record) : '';
  useEffect(() => {
    if (!enabled || signature === sent.current) return;
    const timer = setTimeout(() => void push(), WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, signature, push]);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(
      () => latest.current.elapsedSeconds !== sentSeconds.current && void push(),
      TIME_EVERY_MS,
    );
    return () => clearInterval(timer);
  }, [enabled, push]);

  // Back to this tab after answering in another: what was done there shows here.
  useEffect(() => {
    if (!enabled) return;
    const onVisible = () =>
      document.visibilityState === 'visible' && ready.current && void pull().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [enabled, pull]);

  /** Before a save: what other tabs saved is merged first, so nothing is sent (and counted) twice. */
  const catchUp = useCallback(async () => {
    if (!enabled || !ready.current) return;
    await pull().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the merged record renders before the save reads it
  }, [enabled, pull]);

  /** The sitting is over (End, or the last question's Finish). */
  const finish = useCallback(async () => {
    if (!enabled) return;
    ready.current = false;
    await finishSitting(examId).catch(() => undefined);
  }, [enabled, examId]);

  /**
   * Start over (D296): this tab's answers reach the sitting first, then the server counts what no
   * result holds yet and closes it; the next write starts a new sitting.
   */
  const startOver = useCallback(async () => {
    if (!enabled) return;
    ready.current = false; // no timed write in between
    try {
      while (busy.current) await new Promise((resolve) => setTimeout(resolve, 50));
      await writeSitting(examId, version.current, sittingStateOf(latest.current)).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'sitting_version_conflict')) throw error; // finished elsewhere: nothing to add
      });
      await closeSitting(examId);
      version.current = 0;
      sent.current = '';
    } finally {
      ready.current = true;
    }
  }, [enabled, examId]);

  return { catchUp, finish, startOver, enabled, offered, dismissOffer: () => setOffered(null) };
}
