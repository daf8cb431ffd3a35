import { useCallback, useEffect, useState } from 'react';
import { openOfflineDb, type OfflineDb, type OfflineMeta } from '../../../lib/offline/offline-db.js';

/**
 * The learner's offline store on this device, opened for the screen: what is downloaded and the
 * counts (outbox, cards), read again by `refresh`; `revision` counts the times the store's cards
 * changed under the screen (`cardsChanged`).
 */
export function useOfflineStore(userId: string) {
  const [db, setDb] = useState<OfflineDb | null>(null);
  /** undefined: not read yet; null: nothing downloaded. */
  const [meta, setMeta] = useState<OfflineMeta | null | undefined>(undefined);
  const [pending, setPending] = useState(0);
  const [cardCount, setCardCount] = useState(0);
  /** Bumped when the store's cards changed under the screen (a sync put the server's states in). */
  const [revision, setRevision] = useState(0);
  const cardsChanged = useCallback(() => setRevision((n) => n + 1), []);

  useEffect(() => {
    let gone = false;
    let opened: OfflineDb | null = null;
    openOfflineDb(userId).then(
      (d) => {
        opened = d;
        if (gone) d.close();
        else setDb(d);
      },
      // No IndexedDB (a private window of some browsers): the screen stays online-only.
      () => setMeta(null),
    );
    return () => {
      gone = true;
      opened?.close();
    };
  }, [userId]);

  const refresh = useCallback(async () => {
    if (!db) return;
    const [stored, count, cards] = await Promise.all([db.get('meta', 'review'), db.count('outbox'), db.count('cards')]);
    setMeta(stored ?? null);
    setPending(count);
    setCardCount(cards);
  }, [db]);
  useEffect(() => void refresh(), [refresh]);

  return { db, meta, pending, cardCount, revision, cardsChanged, refresh };
}

export type OfflineStore = ReturnType<typeof useOfflineStore>;
