import { useCallback, useEffect, useReducer, useRef } from 'react';
import { orderQuestions, type OrderableQuestion, type QuestionStat } from '#shared/domain/question-order.js';
import { sessionStore } from '../../../lib/storage.js';
import {
  runnerReducer,
  screenReducer,
  startRunner,
  type RunnerContext,
  type RunnerEvent,
  type RunnerState,
} from '../utils/runner-machine.js';
import { createSessionRecord, sessionKey, type SessionAction, type SessionRecord } from '../utils/session-record.js';
import { reviveSessionRecord } from '../utils/stored-session-record.js';

interface SessionOptions {
  examId: string;
  questions: readonly OrderableQuestion[];
  /** The `order` parameter: a fixed order. */
  order: readonly string[];
  /** The caller's statistics when known at the start: the first order follows them. */
  stats?: ReadonlyMap<string, QuestionStat>;
  /** restart=true: the stored record is dropped. */
  restart: boolean;
  filters: Record<string, string>;
  /** Set when only part of the exam is taken (selected, single question): its own record beside the whole exam's. */
  scope?: string;
}

function storageKey(examId: string, scope: string | undefined): string {
  return scope ? `${sessionKey(examId)}#${scope}` : sessionKey(examId);
}

function initialRecord({ examId, questions, order, stats, restart, filters, scope }: SessionOptions): SessionRecord {
  const ids = questions.map((question) => question.id);
  if (!restart) {
    const stored = reviveSessionRecord(sessionStore.getJson(storageKey(examId, scope)), examId, ids);
    if (stored) return stored;
  }
  const ordered = orderQuestions(questions, { order, stats }).map((question) => question.id);
  return createSessionRecord(examId, ordered, Date.now(), filters);
}

/** The screen's reducer, the one the model-based test drives (tests/unit/web-runner-machine.test.ts). */
export { screenReducer };

export interface ExamSession {
  /** The record and the card on screen (whether its verdict shows, whether the sitting ended). */
  state: RunnerState;
  record: SessionRecord;
  dispatch: (action: SessionAction) => void;
  /** A runner event (Next, Skip, », submit, grade, the answer typed); returns the state it leads to. */
  step: (event: RunnerEvent, context: RunnerContext) => RunnerState;
  /** Forgets the stored record for good (after End): coming back starts a new session. */
  forget: () => void;
}

/**
 * The session record (docs/product.md#take-exam): restored from sessionStorage unless restart=true, saved on
 * every change, and ticked every second (whole-exam and per-question timers).
 */
export function useExamSession(options: SessionOptions): ExamSession {
  const [state, send] = useReducer(screenReducer, options, (start) => startRunner(initialRecord(start)));
  const { record } = state;
  const dispatch = useCallback(
    (action: SessionAction) => send({ event: { type: 'session', action }, context: null }),
    [],
  );
  // The reducer is pure: what it returns here is what the screen's state becomes.
  const step = (event: RunnerEvent, context: RunnerContext) => {
    send({ event, context });
    return runnerReducer(state, event, context);
  };
  const key = storageKey(options.examId, options.scope);
  const ended = useRef(false);

  useEffect(() => {
    if (!ended.current) sessionStore.setJson(key, record);
  }, [key, record]);

  useEffect(() => {
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [dispatch]);

  const forget = useCallback(() => {
    ended.current = true;
    sessionStore.remove(key);
  }, [key]);

  return { state, record, dispatch, step, forget };
}
