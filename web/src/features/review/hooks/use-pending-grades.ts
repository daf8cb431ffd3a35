import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client.js';
import { localStore } from '../../../lib/storage.js';
import { sendGrade, type GradeBody } from '../api/grade-review.js';

/**
 * Grades not yet accepted by the server, kept in localStorage per user, so a grade given offline (or
 * when a request failed) survives a reload and is sent again — with the same grade id, which the
 * server applies once, so a retry can never count twice. Sent in order, one at a time.
 */
const storageKey = (userId: string) => `reviewPendingGrades_${userId}`;
const RETRY_MS = 10_000;

/** Worth sending again later: no answer, a server or throttling failure, or a card that moved meanwhile. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.code === CLIENT_ERROR_CODES.network ||
    error.status >= 500 ||
    error.status === 429 ||
    error.code === 'review_changed'
  );
}

export function usePendingGrades(userId: string, onSent: () => void) {
  const key = storageKey(userId);
  const read = useCallback(() => localStore.getJson<GradeBody[]>(key) ?? [], [key]);
  const [pending, setPending] = useState<GradeBody[]>(read);
  const flushing = useRef<Promise<void> | null>(null);
  const sentCallback = useRef(onSent);
  sentCallback.current = onSent;

  const write = useCallback(
    (next: GradeBody[]) => {
      localStore.setJson(key, next);
      setPending(next);
    },
    [key],
  );

  const sendAll = useCallback(async () => {
    let sent = 0;
    try {
      for (;;) {
        const next = read()[0];
        if (!next) break;
        try {
          await sendGrade(next);
        } catch (error) {
          if (isTransient(error)) break;
          // Refused for good (the question is gone or no longer readable): dropping it loses nothing the server would keep.
        }
        write(read().filter((g) => g.grade_id !== next.grade_id));
        sent++;
      }
    } finally {
      setPending(read());
      if (sent > 0) sentCallback.current();
    }
  }, [read, write]);

  /** Sends what is pending; a call while a flush runs waits for that one. */
  const flush = useCallback((): Promise<void> => {
    flushing.current ??= sendAll().finally(() => {
      flushing.current = null;
    });
    return flushing.current;
  }, [sendAll]);

  const add = useCallback(
    (grade: GradeBody) => {
      write([...read(), grade]);
      void flush();
    },
    [read, write, flush],
  );

  /** Takes a grade back before it was sent; false when it already went (the server must undo it). */
  const withdraw = useCallback(
    (gradeId: string) => {
      const list = read();
      const at = list.findIndex((g) => g.grade_id === gradeId);
      // The first pending grade may be on its way right now: then only the server can take it back.
      if (at < 0 || (at === 0 && flushing.current)) return false;
      write(list.filter((g) => g.grade_id !== gradeId));
      return true;
    },
    [read, write],
  );

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => {
      if (read().length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [flush, read]);

  return { pending, add, withdraw, flush };
}
