import { useCallback } from 'react';
import { removeDownload } from '../../../lib/offline/offline-db.js';
import { requestBackgroundSync } from '../../../lib/offline/background-sync.js';
import { dropExamImages, offlineImageCacheName } from '../../../lib/offline/offline-images.js';
import { readCsrfCookie } from '../../../lib/csrf.js';
import type { OfflineStore } from './use-offline-store.js';

/** What the screen changes in the store: a grade recorded, the download removed, the refusals read. */
export function useOfflineEdits({ db, refresh }: Pick<OfflineStore, 'db' | 'refresh'>, userId: string) {
  /** A grade went to the outbox: the counts change, and the browser may send it later with the app closed. */
  const graded = useCallback(() => {
    void refresh();
    if (db) void requestBackgroundSync(db, userId, readCsrfCookie).catch(() => undefined);
  }, [db, userId, refresh]);

  const remove = useCallback(async () => {
    if (!db) return;
    await removeDownload(db);
    await dropExamImages(offlineImageCacheName(userId, 'review'));
    await refresh();
  }, [db, userId, refresh]);

  const dismissRefused = useCallback(async () => {
    if (!db) return;
    const stored = await db.get('meta', 'review');
    if (stored) await db.put('meta', { ...stored, refused: [] }, 'review');
    await refresh();
  }, [db, refresh]);

  return { graded, remove, dismissRefused };
}
