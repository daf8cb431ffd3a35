import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { closeSitting, finishSitting, writeSitting } from '../api/sitting.js';
import { sittingStateOf } from '../utils/sitting-merge.js';
import type { SittingRefs } from './use-sitting-refs.js';

interface SittingEndsInput {
  examId: string;
  enabled: boolean;
  refs: SittingRefs;
  pull: () => Promise<void>;
}

/** The sitting's ends on the server: catch up before a save, finish, start over. */
export function useSittingEnds({ examId, enabled, refs, pull }: SittingEndsInput) {
  /** Before a save: what other tabs saved is merged first, so nothing is sent (and counted) twice. */
  const catchUp = useCallback(async () => {
    if (!enabled || !refs.ready) return;
    await pull().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the merged record renders before the save reads it
  }, [enabled, refs, pull]);

  /** The sitting is over (End, or the last question's Finish). */
  const finish = useCallback(async () => {
    if (!enabled) return;
    refs.ready = false;
    await finishSitting(examId).catch(() => undefined);
  }, [enabled, examId, refs]);

  /**
   * Start over (D296): this tab's answers reach the sitting first, then the server counts what no
   * result holds yet and closes it; the next write starts a new sitting.
   */
  const startOver = useCallback(async () => {
    if (!enabled) return;
    refs.ready = false; // no timed write in between
    try {
      while (refs.busy) await new Promise((resolve) => setTimeout(resolve, 50));
      await writeSitting(examId, refs.version, sittingStateOf(refs.latest)).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'sitting_version_conflict')) throw error; // finished elsewhere: nothing to add
      });
      await closeSitting(examId);
      refs.version = 0;
      refs.sent = '';
    } finally {
      refs.ready = true;
    }
  }, [enabled, examId, refs]);

  return { catchUp, finish, startOver };
}
