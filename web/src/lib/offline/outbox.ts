import type { OfflineGrade, ReviewSyncStatus, SyncedCard } from '#shared/contracts/review-sync.js';
import { REVIEW_SYNC_MAX_RECORDS } from '#shared/contracts/review-sync.js';
import { mergeSynced, type OfflineDb, type OutboxRecord, type RefusedGrade } from './offline-db.js';

/**
 * The outbox's sender (docs/architecture.md "Offline study"). Grades wait in IndexedDB and leave
 * oldest first, {@link REVIEW_SYNC_MAX_RECORDS} at a time; a record is deleted only when the server's
 * answer names it (applied, replayed or refused), in the same transaction that puts the server's card
 * states in place of the device's guesses. A failed send waits longer each time (backoff); one send
 * at a time, in this tab (one promise) and across tabs (a Web Lock where the browser has them), so a
 * record is never on the wire twice at once.
 */

export interface SyncAnswer {
  results: { grade_id: string; status: ReviewSyncStatus; code?: string }[];
  cards: SyncedCard[];
}

export interface FlushResult {
  /** Acknowledged records. */
  acknowledged: number;
  refused: RefusedGrade[];
  /** Still waiting (a send failed, or more came meanwhile). */
  left: number;
  /** When the next attempt may go (0: now). */
  retryAt: number;
}

/** The cross-tab lock of a user's outbox: the Review screen and the service worker take the same one. */
export const outboxLockName = (userId: string) => `quizbank-outbox-${userId}`;

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** Wait before attempt n+1 after n failures in a row: 2 s, 4 s, 8 s … at most 5 minutes. */
export const backoffMs = (failures: number) =>
  failures <= 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));

export interface OutboxOptions {
  db: OfflineDb;
  send(records: OfflineGrade[]): Promise<SyncAnswer>;
  /** Name of the cross-tab lock (per user). */
  lockName: string;
  now?: () => number;
}

const strip = ({ seq: _seq, ...record }: OutboxRecord): OfflineGrade => record;

export function createOutbox({ db, send, lockName, now = Date.now }: OutboxOptions) {
  let failures = 0;
  let retryAt = 0;

  const pending = () => db.count('outbox');

  /** Acknowledges the answered records and stores the server's cards, in one transaction. */
  async function acknowledge(answer: SyncAnswer, sent: ReadonlySet<string>): Promise<RefusedGrade[]> {
    const tx = db.transaction(['outbox', 'cards', 'meta'], 'readwrite');
    const outbox = tx.objectStore('outbox');
    const refused: RefusedGrade[] = [];
    const at = new Date(now()).toISOString();
    for (const result of answer.results) {
      if (!sent.has(result.grade_id)) continue;
      const record = await outbox.get(result.grade_id);
      if (!record) continue;
      if (result.status === 'refused')
        refused.push({
          grade_id: result.grade_id,
          question_id: record.question_id,
          code: result.code ?? 'refused',
          at,
        });
      void outbox.delete(result.grade_id);
    }
    for (const synced of answer.cards) {
      const card = await tx.objectStore('cards').get(synced.question_id);
      if (card) void tx.objectStore('cards').put(mergeSynced(card, synced));
    }
    const meta = await tx.objectStore('meta').get('review');
    if (meta)
      void tx.objectStore('meta').put({ ...meta, last_sync: at, refused: [...meta.refused, ...refused] }, 'review');
    await tx.done;
    return refused;
  }

  async function run(): Promise<FlushResult> {
    let acknowledged = 0;
    const refused: RefusedGrade[] = [];
    while (now() >= retryAt) {
      const batch = await db.getAllFromIndex('outbox', 'seq', undefined, REVIEW_SYNC_MAX_RECORDS);
      if (batch.length === 0) break;
      let answer: SyncAnswer;
      try {
        answer = await send(batch.map(strip));
      } catch {
        failures++;
        retryAt = now() + backoffMs(failures);
        break;
      }
      failures = 0;
      retryAt = 0;
      const sent = new Set(batch.map((r) => r.grade_id));
      const before = await pending();
      refused.push(...(await acknowledge(answer, sent)));
      const done = before - (await pending());
      acknowledged += done;
      // An answer that acknowledged nothing would send the same batch for ever: wait as after a failure.
      if (done === 0) {
        failures++;
        retryAt = now() + backoffMs(failures);
        break;
      }
    }
    return { acknowledged, refused, left: await pending(), retryAt };
  }

  return {
    pending,
    /** Sends what waits, unless a send runs (then its result) or the backoff has not passed. */
    flush: oneSendAtATime(lockName, run),
    /** The connection came back: the next flush goes at once. */
    resetBackoff() {
      failures = 0;
      retryAt = 0;
    },
    retryAt: () => retryAt,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * One send at a time: a promise per tab while it runs, and a Web Lock across tabs (and the service worker)
 * where the browser has them; a flush asked for while one runs gets that one's result.
 */
export function oneSendAtATime<T>(lockName: string, run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  const locked = (): Promise<T> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request(lockName, run).then((result) => result)
      : run();
  return () => {
    running ??= locked().finally(() => {
      running = null;
    });
    return running;
  };
}
