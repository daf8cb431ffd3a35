import { getExam } from '#shared/contracts/exams.js';
import { listExamResults, questionStatistics, submitExam } from '#shared/contracts/results.js';
import { endSitting, getSitting } from '#shared/contracts/sittings.js';
import { ApiError, callApi } from '../api-client.js';
import { invalidateHomeCache } from '../client-cache.js';
import { writeThenInvalidate } from '../use-api.js';
import { createExamOutbox, type ExamOutbox, type QueuedSitting, type SentSitting } from './exam-outbox.js';
import { existingOfflineDb, type OfflineDb } from './offline-db.js';

/**
 * Sends the sittings taken offline whatever screen is open (started by the layout for a signed-in
 * learner with an offline store): when the connection returns, on focus, and every 5 s while one
 * waits and its backoff has passed. Screens that show "waiting to sync" listen to {@link onExamOutbox}.
 */

const RETRY_CHECK_MS = 5_000;

type Listener = (sent: SentSitting[]) => void;
const listeners = new Set<Listener>();

/** Called after each flush that sent something (the screens read the store again). */
export function onExamOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The normal submit, dated when the sitting was taken; the submission id also as the Idempotency-Key. */
function submitSitting(sitting: QueuedSitting) {
  return writeThenInvalidate(
    async () => {
      const answer = await callApi(submitExam, {
        headers: { 'Idempotency-Key': sitting.submission_id },
        body: {
          exam_id: sitting.exam_id,
          answers: sitting.answers,
          elapsed_seconds: sitting.elapsed_seconds,
          submission_id: sitting.submission_id,
          answered_at: sitting.answered_at,
        },
      });
      invalidateHomeCache();
      await endSittingIfUnmoved(sitting).catch(() => undefined);
      return answer;
    },
    questionStatistics,
    listExamResults,
  );
}

/** The ids of the questions the exam holds now (every page of its read). */
async function questionIdsOf(examId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null | undefined;
  do {
    const page = await callApi(getExam, { params: { examId }, query: cursor ? { cursor } : {} });
    for (const question of page.questions ?? []) ids.add(question.id);
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

/**
 * The sitting without its answers to questions the exam no longer holds (deleted after the
 * download), written back to the outbox before it is sent again, so every later resend is the same
 * request; null when that leaves nothing to send or nothing changed.
 */
export async function withoutDeletedQuestions(
  db: OfflineDb,
  sitting: QueuedSitting,
  held: ReadonlySet<string>,
): Promise<QueuedSitting | null> {
  const answers = sitting.answers.filter((answer) => held.has(answer.question_id));
  if (answers.length === 0 || answers.length === sitting.answers.length) return null;
  const stored = await db.get('exam_outbox', sitting.submission_id);
  if (stored) await db.put('exam_outbox', { ...stored, answers });
  return { ...sitting, answers };
}

/**
 * Sends a sitting. The server refuses a whole sitting that answers a question deleted from the exam
 * since the download (400 `result_unknown_questions`, before recording anything): it is sent once
 * more without those answers.
 */
async function sendSitting(db: OfflineDb, sitting: QueuedSitting) {
  try {
    return await submitSitting(sitting);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'result_unknown_questions')) throw error;
    const kept = await withoutDeletedQuestions(db, sitting, await questionIdsOf(sitting.exam_id));
    if (!kept) throw error;
    return submitSitting(kept);
  }
}

/**
 * The server's sitting of that exam held these answers while they were unsaved: ended once they are a
 * result (a "start over" would count them again), unless another device has written it since.
 */
async function endSittingIfUnmoved(sitting: QueuedSitting) {
  if (sitting.sitting_version <= 0) return;
  const params = { examId: sitting.exam_id };
  const { sitting: current } = await callApi(getSitting, { params });
  if (current?.version === sitting.sitting_version) await callApi(endSitting, { params });
}

/**
 * A refusal a resend would meet again: the exam gone or no longer readable (404), answers it no longer
 * holds (400), the id reused with other answers (409). A signed-out session (401/403), a busy server
 * (409 `submission_busy`, 429, 5xx) or no network keep the sitting for later.
 */
export function finalRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 || error.status === 404) return error.code;
  if (error.status === 409 && error.code === 'submission_id_reused') return error.code;
  return null;
}

export function examOutboxFor(db: OfflineDb, userId: string): ExamOutbox {
  return createExamOutbox({
    db,
    send: (sitting) => sendSitting(db, sitting),
    refusal: finalRefusal,
    lockName: `quizbank-exam-outbox-${userId}`,
  });
}

/** The sender running in this tab, if any: one per tab, for the signed-in learner. */
let running: { userId: string; stop: () => void; flushNow: () => void } | null = null;
/** The latest start: an earlier one still opening the store gives way to it. */
let generation = 0;

/**
 * Starts the sender for this user; where it already runs (the layout started it, or an earlier End),
 * asks it to send now instead, so a send on its way is never cut off by a second sender. Another user
 * (a sign-in as someone else) stops the old sender first. A no-op without an offline store.
 */
export async function startExamOutbox(userId: string): Promise<() => void> {
  if (running?.userId === userId) {
    running.flushNow();
    return running.stop;
  }
  const mine = ++generation;
  running?.stop();
  const db = await existingOfflineDb(userId);
  if (!db) return () => undefined;
  if (mine !== generation) {
    db.close();
    return () => undefined;
  }
  const outbox = examOutboxFor(db, userId);
  let stopped = false;
  /**
   * A stop (sign-out, the layout leaving) closes the store, maybe under a send on its way: that send
   * ends quietly, and its sitting stays in the outbox for the next sender.
   */
  const unlessStopped = (work: () => Promise<void>) =>
    void work().catch((error: unknown) => {
      if (!stopped) throw error;
    });
  const flush = async () => {
    if (stopped || !navigator.onLine) return;
    const result = await outbox.flush();
    if (result.sent.length > 0 && !stopped) for (const listener of listeners) listener(result.sent);
  };
  const wentOnline = () => {
    outbox.resetBackoff();
    unlessStopped(flush);
  };
  const focused = () => unlessStopped(flush);
  window.addEventListener('online', wentOnline);
  window.addEventListener('focus', focused);
  const timer = setInterval(() => {
    if (Date.now() >= outbox.retryAt())
      unlessStopped(async () => {
        if ((await outbox.pending()) > 0) await flush();
      });
  }, RETRY_CHECK_MS);
  unlessStopped(flush);
  const stopThis = () => {
    stopped = true;
    window.removeEventListener('online', wentOnline);
    window.removeEventListener('focus', focused);
    clearInterval(timer);
    db.close();
    if (running?.stop === stopThis) running = null;
  };
  running = { userId, stop: stopThis, flushNow: () => unlessStopped(flush) };
  return stopThis;
}
