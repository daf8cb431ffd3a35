import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OfflineCard } from '#shared/contracts/review-offline.js';
import {
  openOfflineDb,
  removeDownload,
  saveDownload,
  type OfflineDb,
  type OfflineMeta,
} from '../../../lib/offline/offline-db.js';
import { createOutbox, outboxLockName } from '../../../lib/offline/outbox.js';
import { requestBackgroundSync, SYNCED_MESSAGE } from '../../../lib/offline/background-sync.js';
import { readCsrfCookie } from '../../../lib/csrf.js';
import { fetchOfflineReview } from '../api/get-offline-review.js';
import {
  dropExamImages,
  examImagePaths,
  keepExamImages,
  offlineImageCacheName,
} from '../../../lib/offline/offline-images.js';
import { sendOfflineGrades } from '../api/sync-reviews.js';

/** How often a waiting outbox looks whether its backoff has passed. */
const RETRY_CHECK_MS = 5_000;

/**
 * The learner's offline store on this device (docs/architecture.md "Offline study"): whether the
 * queue is downloaded, the outbox's count and last sync, and the sends. The outbox goes when the
 * connection returns (`online`), when the window gets focus, and after its backoff, and from the
 * service worker by Background Sync where the browser has it (lib/offline/background-sync.ts); the
 * server's answer replaces the device's guesses in the store.
 */
export function useOfflineReview(userId: string, examId: string | undefined) {
  const [db, setDb] = useState<OfflineDb | null>(null);
  /** undefined: not read yet; null: nothing downloaded. */
  const [meta, setMeta] = useState<OfflineMeta | null | undefined>(undefined);
  const [pending, setPending] = useState(0);
  const [cardCount, setCardCount] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [busy, setBusy] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  /** Bumped when the store's cards changed under the screen (a sync put the server's states in). */
  const [revision, setRevision] = useState(0);

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

  const outbox = useMemo(
    () => db && createOutbox({ db, send: sendOfflineGrades, lockName: outboxLockName(userId) }),
    [db, userId],
  );

  const download = useCallback(
    async (filter: string | undefined = examId) => {
      if (!db) return;
      setBusy(true);
      setDownloadFailed(false);
      try {
        const answer = await fetchOfflineReview(filter);
        const cards = answer.cards.map((card: OfflineCard) => ({ ...card }));
        await saveDownload(
          db,
          {
            day: answer.day,
            downloaded_at: new Date().toISOString(),
            exam_id: filter ?? '',
            scheduling: answer.scheduling,
            limits: answer.limits,
            done_today: { day: answer.day, ...answer.done_today },
          },
          cards,
        );
        // The cards' images, for the Review screen offline (D497); a failed image shows only online.
        await keepExamImages(
          offlineImageCacheName(userId, 'review'),
          examImagePaths(answer.cards, window.location.origin),
        );
        setRevision((n) => n + 1);
      } catch {
        setDownloadFailed(true);
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [db, examId, userId, refresh],
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
    if (result.acknowledged > 0) setRevision((n) => n + 1);
    const stored = await db.get('meta', 'review');
    if (stored && navigator.onLine && result.left === 0 && (result.acknowledged > 0 || !fresh.current)) {
      fresh.current = true;
      await download(stored.exam_id || undefined);
    }
    await refresh();
  }, [outbox, db, download, refresh]);

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

  // The service worker sent grades (Background Sync): the store changed under the screen.
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const synced = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type !== SYNCED_MESSAGE) return;
      setRevision((n) => n + 1);
      void refresh();
    };
    container.addEventListener('message', synced);
    return () => container.removeEventListener('message', synced);
  }, [refresh]);

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
