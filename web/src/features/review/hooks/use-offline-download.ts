import { useCallback, useState } from 'react';
import type { OfflineCard } from '#shared/contracts/review-offline.js';
import { saveDownload } from '../../../lib/offline/offline-db.js';
import { examImagePaths, keepExamImages, offlineImageCacheName } from '../../../lib/offline/offline-images.js';
import { fetchOfflineReview } from '../api/get-offline-review.js';
import type { OfflineStore } from './use-offline-store.js';

interface OfflineDownloadInput extends Pick<OfflineStore, 'db' | 'refresh' | 'cardsChanged'> {
  userId: string;
  /** The exam the screen reviews (undefined: all), downloaded when no other filter is given. */
  examId: string | undefined;
}

/** Downloads the review queue (and its cards' images) into the store; `busy` while it runs. */
export function useOfflineDownload({ db, refresh, cardsChanged, userId, examId }: OfflineDownloadInput) {
  const [busy, setBusy] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

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
        cardsChanged();
      } catch {
        setDownloadFailed(true);
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [db, examId, userId, refresh, cardsChanged],
  );

  return { download, busy, downloadFailed };
}
