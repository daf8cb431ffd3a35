import { useCallback, useRef, useState } from 'react';
import type { ExamResult } from '#shared/contracts/results.js';
import { ApiError } from '../../../lib/api-client.js';
import { sendSubmission } from '../api/submit-exam.js';
import {
  sessionReducer,
  unsavedAnswers,
  unsavedSeconds,
  type PendingSubmission,
  type SessionAction,
  type SessionRecord,
} from '../utils/session-record.js';

/** One UUID per save attempt (kept in the pending submission and reused on every retry of it). */
export function newSubmissionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function retryable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

async function sendWithRetry(examId: string, pending: PendingSubmission) {
  try {
    return await sendSubmission(examId, pending);
  } catch (error) {
    if (!retryable(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return sendSubmission(examId, pending); // same submission id: the server applies it once
  }
}

export interface SaveOutcome {
  /** `nothing` when every answer was already saved. */
  kind: 'saved' | 'nothing';
  /** The result as the server graded it after this save (with its details); null when nothing was sent. */
  result: ExamResult | null;
}

/**
 * Save (docs/product.md#take-exam): sends the answers not yet saved. The first save of a session makes a
 * result (POST /api/submit-exam/); later saves, and continue mode, add to it
 * (POST /api/exam/{id}/continue/ with previous_result_id). A save that failed stays pending in
 * the record and is resent unchanged, same submission id, before anything new.
 */
export function useExamSave(examId: string, record: SessionRecord, dispatch: (action: SessionAction) => void) {
  const [saving, setSaving] = useState(false);
  const latest = useRef(record);
  latest.current = record;
  const busy = useRef(false);
  /** The save on the wire, until the server confirmed it (a save cut off by the network keeps it). */
  const underway = useRef<PendingSubmission | null>(null);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (busy.current) return { kind: 'nothing', result: null };
    busy.current = true;
    setSaving(true);
    try {
      let current = latest.current;
      let result: ExamResult | null = null;
      const apply = (pending: PendingSubmission, answer: { result_id: string; result: ExamResult }) => {
        underway.current = null;
        const action: SessionAction = {
          type: 'saved',
          resultId: answer.result_id,
          questionIds: pending.answers.map((answer) => answer.question_id),
          elapsedMark: pending.elapsedMark,
        };
        dispatch(action);
        current = sessionReducer(current, action);
        result = answer.result;
      };
      if (current.pendingSubmission) {
        const pending = current.pendingSubmission;
        underway.current = pending;
        apply(pending, await sendWithRetry(examId, pending));
      }
      const answers = unsavedAnswers(current);
      if (answers.length > 0) {
        const pending: PendingSubmission = {
          submissionId: newSubmissionId(),
          kind: current.previousResultId ? 'continue' : 'submit',
          previousResultId: current.previousResultId,
          answers,
          elapsedSeconds: unsavedSeconds(current),
          elapsedMark: current.elapsedSeconds,
        };
        dispatch({ type: 'startSave', pending });
        current = sessionReducer(current, { type: 'startSave', pending });
        underway.current = pending;
        apply(pending, await sendWithRetry(examId, pending));
      }
      return { kind: result ? 'saved' : 'nothing', result };
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [examId, dispatch]);

  return { save, saving, underway: useCallback(() => underway.current, []) };
}
