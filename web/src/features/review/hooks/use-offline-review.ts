import { useOfflineDownload } from './use-offline-download.js';
import { useOfflineEdits } from './use-offline-edits.js';
import { useOfflineStore } from './use-offline-store.js';
import { useOutboxSync, useServiceWorkerSynced } from './use-outbox-sync.js';

/**
 * The learner's offline store on this device (docs/architecture.md "Offline study"): whether the
 * queue is downloaded, the outbox's count and last sync, and the sends. The outbox goes when the
 * connection returns (`online`), when the window gets focus, and after its backoff, and from the
 * service worker by Background Sync where the browser has it (lib/offline/background-sync.ts); the
 * server's answer replaces the device's guesses in the store.
 */
export function useOfflineReview(userId: string, examId: string | undefined) {
  const store = useOfflineStore(userId);
  const { db, meta, pending, cardCount, revision, refresh } = store;
  const { download, busy, downloadFailed } = useOfflineDownload({ ...store, userId, examId });
  const online = useOutboxSync({ ...store, userId, download });
  useServiceWorkerSynced(store);
  const { graded, remove, dismissRefused } = useOfflineEdits(store, userId);

  return {
    db,
    meta,
    pending,
    cardCount,
    online,
    busy,
    downloadFailed,
    revision,
    refresh,
    graded,
    download,
    remove,
    dismissRefused,
  };
}

export type OfflineReview = ReturnType<typeof useOfflineReview>;
