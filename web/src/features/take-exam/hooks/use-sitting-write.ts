import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { writeSitting } from '../api/sitting.js';
import { sittingSignature, sittingStateOf } from '../utils/sitting-merge.js';
import type { SittingRead } from './use-sitting-read.js';
import type { SittingRefs } from './use-sitting-refs.js';

/** A write that failed (offline, or kept conflicting) is tried again this long after. */
const RETRY_MS = 3_000;

interface SittingWriteInput extends Pick<SittingRead, 'apply' | 'adopt' | 'pull'> {
  examId: string;
  enabled: boolean;
  refs: SittingRefs;
}

/**
 * Writes the record. A write while one is under way is queued, never dropped; a stale write is
 * merged by the server (D294) and what it merged shows here; a 409 (finished elsewhere, or the
 * merge kept losing) reads, merges and writes again.
 */
export function useSittingWrite({ examId, enabled, refs, apply, adopt, pull }: SittingWriteInput) {
  const push = useCallback(async (): Promise<void> => {
    if (!enabled || !refs.ready) return;
    if (refs.busy) {
      refs.again = true;
      return;
    }
    refs.busy = true;
    let retryLater = false;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = refs.latest;
        try {
          const answer = await writeSitting(examId, refs.version, sittingStateOf(current));
          refs.version = answer.sitting.version;
          refs.sent = sittingSignature(current);
          refs.sentSeconds = current.elapsedSeconds;
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
      refs.busy = false;
      if (refs.again) {
        refs.again = false;
        void push();
      } else if (retryLater) setTimeout(() => void push(), RETRY_MS);
    }
  }, [enabled, examId, refs, apply, adopt, pull]);
  return push;
}
