import { nextSeq, type ExamOutboxRecord, type OfflineDb } from './offline-db.js';
import { backoffMs, oneSendAtATime } from './outbox.js';

/**
 * The outbox of sittings taken offline (docs/architecture.md "Offline study", D437), beside the
 * Review grades' outbox: each sitting waits in IndexedDB with its submission id and leaves oldest
 * first, one submit at a time, through the normal submit route. A record is deleted only once the
 * server answered it: accepted (a new result, or the one it already made: the same submission id is
 * one sitting) or refused for good (a 4xx: the exam is gone or no longer readable); a network error
 * or a 5xx keeps it and waits longer each time. One send at a time, in this tab and across tabs.
 */

export type QueuedSitting = Omit<ExamOutboxRecord, 'seq'>;

export interface SentSitting {
  submission_id: string;
  exam_id: string;
  /** The server's result; absent when refused. */
  result_id?: string;
  /** The error code of a refusal. */
  refused?: string;
}

export interface ExamFlushResult {
  sent: SentSitting[];
  left: number;
  retryAt: number;
}

export interface ExamOutboxOptions {
  db: OfflineDb;
  /** Sends one sitting; resolves with the server's result id, rejects with its error. */
  send(record: QueuedSitting): Promise<{ result_id: string }>;
  /** The error's code when the server refused the sitting for good (a resend would be refused too); else null. */
  refusal(error: unknown): string | null;
  lockName: string;
  now?: () => number;
}

/** Stores a sitting taken offline; resolves once it is on disk (the screen moves on only then). */
export async function queueSitting(db: OfflineDb, sitting: QueuedSitting): Promise<void> {
  await db.put('exam_outbox', { ...sitting, seq: nextSeq() });
}

const strip = ({ seq: _seq, ...record }: ExamOutboxRecord): QueuedSitting => record;

export function createExamOutbox({ db, send, refusal, lockName, now = Date.now }: ExamOutboxOptions) {
  let failures = 0;
  let retryAt = 0;

  const pending = () => db.count('exam_outbox');

  async function run(): Promise<ExamFlushResult> {
    const sent: SentSitting[] = [];
    while (now() >= retryAt) {
      const [record] = await db.getAllFromIndex('exam_outbox', 'seq', undefined, 1);
      if (!record) break;
      let outcome: SentSitting;
      try {
        const answer = await send(strip(record));
        outcome = { submission_id: record.submission_id, exam_id: record.exam_id, result_id: answer.result_id };
      } catch (error) {
        const code = refusal(error);
        if (code === null) {
          failures++;
          retryAt = now() + backoffMs(failures);
          break;
        }
        outcome = { submission_id: record.submission_id, exam_id: record.exam_id, refused: code };
      }
      failures = 0;
      retryAt = 0;
      await db.delete('exam_outbox', record.submission_id);
      sent.push(outcome);
    }
    return { sent, left: await pending(), retryAt };
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

export type ExamOutbox = ReturnType<typeof createExamOutbox>;
