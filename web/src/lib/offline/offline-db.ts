import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import type { OfflineCard } from '#shared/contracts/review-offline.js';
import type { SubmittedAnswer } from '#shared/contracts/results.js';
import type { OfflineGrade, SyncedCard } from '#shared/contracts/review-sync.js';
import type { FsrsCard } from '#shared/domain/fsrs-schedule.js';

/**
 * The offline store (docs/architecture.md "Offline study"): one IndexedDB database per signed-in user
 * on this device, holding the downloaded review cards (with the device's own guess of each card's
 * FSRS state after the grades made here), the download's settings, and the outbox of grades made
 * offline, each kept with its grade id until the server acknowledged it.
 */

/** A grade waiting in the outbox: the record as sent, plus its place in the send order. */
export interface OutboxRecord extends OfflineGrade {
  /** Milliseconds when it was queued, then a counter: the outbox sends oldest first. */
  seq: number;
}

/** A refused grade the learner is told about (the server dropped it for good: the card is gone or unreadable). */
export interface RefusedGrade {
  grade_id: string;
  question_id: string;
  code: string;
  at: string;
}

export interface OfflineMeta {
  day: string;
  downloaded_at: string;
  /** The filter the download was made with ('' for the whole queue). */
  exam_id: string;
  scheduling: {
    time_zone: string;
    day_rollover_hour: number;
    desired_retention: number;
    fsrs_weights: number[] | null;
  };
  limits: { new_per_day: number; reviews_per_day: number };
  /** Graded on `day`: the server's count at the download plus the grades made here since. */
  done_today: { day: string; new: number; reviews: number };
  last_sync: string | null;
  refused: RefusedGrade[];
  /**
   * The CSRF token the page last saw: the service worker's Background Sync sends the outbox with it, since
   * a worker cannot read cookies (D446). The same value the page reads from its cookie.
   */
  csrf_token?: string;
}

export interface StoredCard extends Omit<OfflineCard, 'fsrs'> {
  fsrs: FsrsCard | null;
}

/** An exam downloaded for offline sittings: the exam as `GET /api/exam/{id}/` answered it, whole. */
export interface StoredExam {
  exam_id: string;
  exam: Exam;
  downloaded_at: string;
  /** Images of the questions kept in Cache Storage, and those that could not be (D497); absent before images were kept. */
  images?: { kept: number; missing: number };
}

/** A sitting taken offline, waiting to be sent through the normal submit route (D437). */
export interface ExamOutboxRecord {
  /** The submit's idempotency id: a resend is the same sitting. */
  submission_id: string;
  exam_id: string;
  exam_title: string;
  answers: SubmittedAnswer[];
  elapsed_seconds: number;
  /** When the sitting ended on the device: the server records the sitting at this time. */
  answered_at: string;
  /**
   * The version of the server's sitting (resume anywhere) this device last matched, 0 for none: once
   * the submit is acknowledged that sitting is ended, unless another device moved it on since.
   */
  sitting_version: number;
  /** The device's grading (shared rule), shown while it waits. */
  local: { correct: number; answered: number; total: number };
  seq: number;
}

interface OfflineSchema extends DBSchema {
  cards: { key: string; value: StoredCard };
  outbox: { key: string; value: OutboxRecord; indexes: { seq: number } };
  meta: { key: 'review'; value: OfflineMeta };
  exams: { key: string; value: StoredExam };
  exam_outbox: { key: string; value: ExamOutboxRecord; indexes: { seq: number } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export const offlineDbName = (userId: string) => `quizbank-offline-${userId}`;

/** 1: the Review download and its outbox; 2: exams downloaded for offline sittings and their outbox. */
const DB_VERSION = 2;

export async function openOfflineDb(userId: string): Promise<OfflineDb> {
  const db: OfflineDb = await openDB<OfflineSchema>(offlineDbName(userId), DB_VERSION, {
    // Each step adds stores; the stores of earlier versions and their records stay as they are.
    upgrade(upgrading, oldVersion) {
      if (oldVersion < 1) {
        upgrading.createObjectStore('cards', { keyPath: 'question_id' });
        upgrading.createObjectStore('outbox', { keyPath: 'grade_id' }).createIndex('seq', 'seq');
        upgrading.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        upgrading.createObjectStore('exams', { keyPath: 'exam_id' });
        upgrading.createObjectStore('exam_outbox', { keyPath: 'submission_id' }).createIndex('seq', 'seq');
      }
    },
    // A newer version opened in another tab (after an update): let it upgrade; this tab reopens on its reload.
    blocking() {
      db.close();
    },
  });
  return db;
}

/** The user's store if this device has one (opening would otherwise create it); null without IndexedDB. */
export async function existingOfflineDb(userId: string): Promise<OfflineDb | null> {
  if (typeof indexedDB === 'undefined') return null;
  // A browser that cannot list its databases: opened (and so created) as the Review screen does.
  if (typeof indexedDB.databases !== 'function') return openOfflineDb(userId);
  const known = await indexedDB.databases();
  return known.some((entry) => entry.name === offlineDbName(userId)) ? openOfflineDb(userId) : null;
}

/** Replaces the download (cards and settings); the outbox and the refusals not yet shown are kept. */
export async function saveDownload(
  db: OfflineDb,
  meta: Omit<OfflineMeta, 'refused' | 'last_sync' | 'csrf_token'>,
  cards: StoredCard[],
) {
  const tx = db.transaction(['cards', 'meta'], 'readwrite');
  const before = await tx.objectStore('meta').get('review');
  await tx.objectStore('cards').clear();
  for (const card of cards) void tx.objectStore('cards').put(card);
  const kept = { last_sync: before?.last_sync ?? null, refused: before?.refused ?? [] };
  void tx
    .objectStore('meta')
    .put({ ...meta, ...kept, ...(before?.csrf_token ? { csrf_token: before.csrf_token } : {}) }, 'review');
  await tx.done;
}

/** Keeps the page's CSRF token for the service worker (written only when it changed; nothing without a download). */
export async function rememberCsrfToken(db: OfflineDb, token: string) {
  const tx = db.transaction('meta', 'readwrite');
  const meta = await tx.store.get('review');
  if (meta && meta.csrf_token !== token) void tx.store.put({ ...meta, csrf_token: token }, 'review');
  await tx.done;
}

/** Forgets the download; the outbox stays until it is sent (a grade is never dropped unsent). */
export async function removeDownload(db: OfflineDb) {
  const tx = db.transaction(['cards', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('cards').clear(), tx.objectStore('meta').delete('review'), tx.done]);
}

let counter = 0;
/** A send order: milliseconds, then a counter (several records in one millisecond keep their order). */
export const nextSeq = () => Date.now() * 1000 + (counter++ % 1000);

/**
 * A grade made offline: the outbox record and the card's new local state in one transaction, so the
 * screen moves on only once both are on disk, and never one without the other.
 */
export async function recordGrade(db: OfflineDb, grade: OfflineGrade, card: StoredCard, isNew: boolean) {
  const tx = db.transaction(['outbox', 'cards', 'meta'], 'readwrite');
  void tx.objectStore('outbox').put({ ...grade, seq: nextSeq() });
  void tx.objectStore('cards').put(card);
  const meta = await tx.objectStore('meta').get('review');
  if (meta) {
    const day = meta.done_today;
    void tx
      .objectStore('meta')
      .put({ ...meta, done_today: { ...day, new: day.new + (isNew ? 1 : 0), reviews: day.reviews + 1 } }, 'review');
  }
  await tx.done;
}

/** The server's card after a sync, in place of the device's guess (fields the answer does not carry are kept). */
export function mergeSynced(card: StoredCard, synced: SyncedCard): StoredCard {
  const base: FsrsCard = card.fsrs ?? {
    due: synced.due,
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: 0,
    lapses: 0,
    state: 'new',
    last_review: null,
  };
  const state = ['new', 'learning', 'review', 'relearning'].includes(synced.state)
    ? (synced.state as FsrsCard['state'])
    : base.state;
  return {
    ...card,
    version: synced.version,
    fsrs: {
      ...base,
      due: synced.due,
      state,
      stability: synced.stability,
      difficulty: synced.difficulty,
      reps: synced.reps,
      lapses: synced.lapses,
    },
  };
}
