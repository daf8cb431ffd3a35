import { useCallback, useEffect, useState } from 'react';
import { getExam } from '#shared/contracts/exams.js';
import { startExamOutbox, onExamOutbox } from '../../../lib/offline/exam-outbox-sender.js';
import { existingOfflineDb, openOfflineDb, type OfflineDb, type StoredExam } from '../../../lib/offline/offline-db.js';
import {
  dropExamImages,
  examImagePaths,
  keepExamImages,
  offlineImageCacheName,
} from '../../../lib/offline/offline-images.js';
import { readWholeExam } from '../utils/whole-exam.js';

/**
 * One exam in the learner's offline store (D437): whether it is downloaded, the sittings of it waiting
 * to sync, and the switch's download and removal. The store is opened only where it exists, or when
 * the learner downloads (nobody else gets an IndexedDB database).
 */
export function useOfflineExam(userId: string | null, examId: string | null) {
  const [db, setDb] = useState<OfflineDb | null>(null);
  /** undefined: not read yet; null: not downloaded. */
  const [stored, setStored] = useState<StoredExam | null | undefined>(userId && examId ? undefined : null);
  const [waiting, setWaiting] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!userId || !examId) return;
    let gone = false;
    let opened: OfflineDb | null = null;
    existingOfflineDb(userId).then(
      (found) => {
        opened = found;
        if (gone) found?.close();
        else if (found) setDb(found);
        else setStored(null);
      },
      () => setStored(null),
    );
    return () => {
      gone = true;
      opened?.close();
    };
  }, [userId, examId]);

  const refresh = useCallback(async () => {
    if (!db || !examId) return;
    const [exam, queued] = await Promise.all([db.get('exams', examId), db.getAll('exam_outbox')]);
    setStored(exam ?? null);
    setWaiting(queued.filter((sitting) => sitting.exam_id === examId).length);
  }, [db, examId]);
  useEffect(() => void refresh(), [refresh]);
  useEffect(() => onExamOutbox(() => void refresh()), [refresh]);

  const download = useCallback(async () => {
    if (!userId || !examId) return;
    setBusy(true);
    setFailed(false);
    try {
      const exam = await readWholeExam(getExam, { params: { examId } });
      const images = await keepExamImages(
        offlineImageCacheName(userId, examId),
        examImagePaths(exam, window.location.origin),
      );
      const target = db ?? (await openOfflineDb(userId));
      await target.put('exams', { exam_id: examId, exam, downloaded_at: new Date().toISOString(), images });
      if (!db) setDb(target);
      else await refresh();
      // The sender starts with the store (the layout starts it only where a store existed).
      void startExamOutbox(userId);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [userId, examId, db, refresh]);

  const remove = useCallback(async () => {
    if (!db || !examId || !userId) return;
    await db.delete('exams', examId);
    await dropExamImages(offlineImageCacheName(userId, examId));
    await refresh();
  }, [db, examId, userId, refresh]);

  return { db, stored, waiting, busy, failed, download, remove, refresh };
}

export type OfflineExam = ReturnType<typeof useOfflineExam>;
