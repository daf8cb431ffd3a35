import { useEffect } from 'react';
import { useAuth } from '../../lib/auth/use-auth.js';

/** After the first screen, as the service worker (D387): the sender is a lazy chunk. */
const START_DELAY_MS = 4000;

/**
 * Starts the sender of sittings taken offline for the signed-in learner (D437), whatever screen is
 * open, so a sitting leaves as soon as the connection returns. Nothing happens on a device without
 * an offline store.
 */
export function useExamOutbox(): void {
  const { user } = useAuth();
  const userId = user ? String(user.id ?? user.username) : null;
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    let stop: (() => void) | null = null;
    let gone = false;
    const timer = setTimeout(() => {
      void import('../../lib/offline/exam-outbox-sender.js')
        .then(({ startExamOutbox }) => startExamOutbox(userId))
        .then((stopIt) => {
          if (gone) stopIt();
          else stop = stopIt;
        })
        .catch(() => undefined);
    }, START_DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [userId]);
}
