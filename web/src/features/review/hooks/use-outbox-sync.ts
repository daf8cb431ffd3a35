import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SYNCED_MESSAGE } from '../../../lib/offline/background-sync.js';
import { createOutbox, outboxLockName, type Outbox } from '../../../lib/offline/outbox.js';
import { sendOfflineGrades } from '../api/sync-reviews.js';
import type { OfflineStore } from './use-offline-store.js';

/** How often a waiting outbox looks whether its backoff has passed. */
const RETRY_CHECK_MS = 5_000;

interface OutboxSyncInput extends Pick<OfflineStore, 'db' | 'refresh' | 'cardsChanged'> {
  userId: string;
  /** Reads the download again (the exam it was made for; undefined: all). */
  download: (filter: string | undefined) => Promise<void>;
}

/**
 * Sends the outbox when the connection returns (`online`), when the window gets focus, after its
 * backoff, and once on opening; returns whether the browser is online.
 */
export function useOutboxSync({ db, refresh, cardsChanged, userId, download }: OutboxSyncInput) {
  const outbox = useMemo(
    () => db && createOutbox({ db, send: sendOfflineGrades, lockName: outboxLockName(userId) }),
    [db, userId],
  );

  /** Whether this screen has brought the download up to date yet (once per visit online). */
  const fresh = useRef(false);

  /**
   * Sends the outbox; once it is empty and online, the download is read again (once per visit and
   * after every sync), so the store holds the server's states, other devices' grades included.
   */
  const sync = useCallback(async () => {
    if (!outbox || !db || !navigator.onLine) return;
    const result = await outbox.flush();
    if (result.acknowledged > 0) cardsChanged();
    const stored = await db.get('meta', 'review');
    if (stored && navigator.onLine && result.left === 0 && (result.acknowledged > 0 || !fresh.current)) {
      fresh.current = true;
      await download(stored.exam_id || undefined);
    }
    await refresh();
  }, [outbox, db, download, refresh, cardsChanged]);

  return useSyncTriggers(outbox, sync);
}

/** The moments the outbox goes; `online` follows the browser's events. */
function useSyncTriggers(outbox: Outbox | null, sync: () => Promise<void>) {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    if (!outbox) return;
    const wentOnline = () => {
      setOnline(true);
      outbox.resetBackoff();
      void sync();
    };
    const wentOffline = () => setOnline(false);
    const focused = () => void sync();
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    window.addEventListener('focus', focused);
    const timer = setInterval(() => {
      if (Date.now() >= outbox.retryAt()) void sync();
    }, RETRY_CHECK_MS);
    void sync();
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('focus', focused);
      clearInterval(timer);
    };
  }, [outbox, sync]);
  return online;
}

/** The service worker sent grades (Background Sync): the store changed under the screen. */
export function useServiceWorkerSynced({ refresh, cardsChanged }: Pick<OfflineStore, 'refresh' | 'cardsChanged'>) {
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const synced = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type !== SYNCED_MESSAGE) return;
      cardsChanged();
      void refresh();
    };
    container.addEventListener('message', synced);
    return () => container.removeEventListener('message', synced);
  }, [refresh, cardsChanged]);
}
