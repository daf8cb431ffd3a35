import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { finishSitting, loadSitting, writeSitting } from '../api/sitting.js';
import { sittingSignature, sittingStateOf } from '../utils/sitting-merge.js';
import { sessionReducer, type SessionAction, type SessionRecord } from '../utils/session-record.js';

/** Changes are written this long after the last one (typing does not write per key). */
const WRITE_DELAY_MS = 700;
/** The time is kept on the server this often while nothing else changes. */
const TIME_EVERY_MS = 20_000;

interface ServerSittingInput {
  examId: string;
  record: SessionRecord;
  dispatch: (action: SessionAction) => void;
  /** Signed in and taking the whole exam (a selection or a single question stays in this tab). */
  enabled: boolean;
  /** restart=true: the server's sitting is replaced, not taken over. */
  restart: boolean;
}

/**
 * Resume anywhere (issue 23): the sitting is kept on the server, so another tab or device
 * continues where the learner stopped. Read when the exam opens and when the tab comes back to the
 * front (merged, utils/sitting-merge); written shortly after each change with the version it was
 * read at; a 409 means another tab wrote first: read, merge, write again.
 */
export function useServerSitting({ examId, record, dispatch, enabled, restart }: ServerSittingInput) {
  const latest = useRef(record);
  latest.current = record;
  const version = useRef(record.sittingVersion ?? 0);
  const ready = useRef(false);
  const busy = useRef(false);
  const sent = useRef('');
  const sentSeconds = useRef(-1);

  const apply = useCallback(
    (action: SessionAction) => {
      dispatch(action);
      latest.current = sessionReducer(latest.current, action);
    },
    [dispatch],
  );

  /** Reads the server's sitting and merges it in (when it changed since this tab last saw it). */
  const pull = useCallback(
    async (adopt = true) => {
      const { sitting } = await loadSitting(examId);
      if (!sitting) {
        // It was on the server and is gone: finished in another tab or device. This tab's answers
        // are in that result already; carrying on with them would count them twice.
        if (adopt && version.current > 0)
          apply({ type: 'restart', order: latest.current.questionOrder, now: Date.now() });
        version.current = 0;
        return;
      }
      if (adopt && sitting.version !== version.current)
        apply({
          type: 'adoptSitting',
          state: sitting.state,
          remoteNewer: sitting.version > version.current,
          version: sitting.version,
        });
      version.current = sitting.version;
    },
    [examId, apply],
  );

  const push = useCallback(async () => {
    if (!enabled || !ready.current || busy.current) return;
    busy.current = true;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = latest.current;
        try {
          const { sitting } = await writeSitting(examId, version.current, sittingStateOf(current));
          version.current = sitting.version;
          sent.current = sittingSignature(current);
          sentSeconds.current = current.elapsedSeconds;
          apply({ type: 'sittingSynced', version: sitting.version });
          return;
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'sitting_version_conflict')) return; // offline and the like: the next change tries again
          await pull();
        }
      }
    } finally {
      busy.current = false;
    }
  }, [enabled, examId, apply, pull]);

  // Opening the exam: take the server's sitting over (restart=true only learns its version).
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    pull(!restart)
      .catch(() => undefined)
      .finally(() => {
        if (!live) return;
        ready.current = true;
        void push();
      });
    return () => {
      live = false;
    };
  }, [enabled, restart, pull, push]);

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

  return { catchUp, finish };
}
