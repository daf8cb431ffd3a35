import type { SittingState } from '#shared/contracts/sittings.js';
import { mergeSitting } from './sitting-merge.js';

/**
 * The per-exam session record of docs/product.md#take-exam (browser sessionStorage, key from the exam id), as a
 * pure reducer. Saved on every change (every timer tick), so a reload continues where it was.
 */

export type SolvedValue = 'Y' | 'N';

/** One answer as POST /api/submit-exam/ takes it. No correctness flag: the server grades. */
export interface AnswerPayload {
  question_id: string;
  answer: string;
  elapsed_seconds: number;
  /** The learner's own grade (self-graded, or the shown verdict overruled); the server records it. */
  learner_verdict?: 'correct' | 'wrong';
}

/** A save sent but not confirmed: a retry resends it unchanged, with the same submission id. */
export interface PendingSubmission {
  submissionId: string;
  /** `continue` adds to `previousResultId`; `submit` makes the first result of this session. */
  kind: 'submit' | 'continue';
  previousResultId: string | null;
  answers: AnswerPayload[];
  /** Seconds since the last save: the server adds them to the result's time. */
  elapsedSeconds: number;
  /** The session's elapsedSeconds when this save was made. */
  elapsedMark: number;
}

export interface SessionRecord {
  examId: string;
  /** Question ids in the order they are taken (kept so a reload shows the same order). */
  questionOrder: string[];
  currentQuestionIndex: number;
  answers: Record<string, string>;
  examCompleted: boolean;
  elapsedSeconds: number;
  /** Seconds spent on each question (never above elapsedSeconds). */
  questionTimes: Record<string, number>;
  isContinueMode: boolean;
  /** The result this session adds to (continue mode, or after the first save). */
  previousResultId: string | null;
  answeredQuestions: string[];
  savedQuestionIds: string[];
  solvedStatus: Record<string, SolvedValue>;
  /** The learner's own grade per question: self-graded (O / X) or the shown verdict overruled. */
  overrules: Record<string, 'correct' | 'wrong'>;
  trackProgress: boolean;
  /** When the current question was opened (epoch ms). */
  questionStartTime: number;
  /** Seconds on the current question, as shown. */
  currentQuestionTimeReactive: number;
  originalFilterParams: Record<string, string>;
  pendingSubmission: PendingSubmission | null;
  /** elapsedSeconds at the last confirmed save (the next save sends only the time since). */
  savedElapsedSeconds: number;
  /** The version of the server's sitting this record last matched (0: none yet). */
  sittingVersion?: number;
  /** Per question, how many times its answer was committed or changed (the merge of D294). */
  revisions?: Record<string, number>;
  timestamp: number;
}

export type SessionAction =
  | { type: 'tick'; now: number }
  | { type: 'goTo'; index: number; now: number }
  | { type: 'setAnswer'; questionId: string; answer: string }
  | { type: 'commit'; questionId: string }
  | { type: 'selfGrade'; questionId: string; pass: boolean; correctAnswer: string }
  | { type: 'setSolved'; questionId: string; value: SolvedValue }
  | { type: 'overrule'; questionId: string; verdict: 'correct' | 'wrong' | null }
  | { type: 'adoptSitting'; state: SittingState; followRemote: boolean; version: number }
  | { type: 'sittingSynced'; version: number }
  | { type: 'setOrder'; order: string[] }
  | { type: 'setTrackProgress'; value: boolean }
  | { type: 'complete' }
  | { type: 'startSave'; pending: PendingSubmission }
  | { type: 'saveFailed' }
  | { type: 'saved'; resultId: string; questionIds: string[]; elapsedMark: number }
  | { type: 'continueFrom'; resultId: string; details: { question_id: string; answer: string }[] }
  | { type: 'removeQuestion'; questionId: string }
  | { type: 'addQuestion'; questionId: string }
  | { type: 'restart'; order: string[]; now: number };

export function sessionKey(examId: string): string {
  return `examSession_${examId}`;
}

export function createSessionRecord(
  examId: string,
  order: string[],
  now: number,
  originalFilterParams: Record<string, string> = {},
): SessionRecord {
  return {
    examId,
    questionOrder: [...order],
    currentQuestionIndex: 0,
    answers: {},
    examCompleted: false,
    elapsedSeconds: 0,
    questionTimes: {},
    isContinueMode: false,
    previousResultId: null,
    answeredQuestions: [],
    savedQuestionIds: [],
    solvedStatus: {},
    overrules: {},
    trackProgress: true,
    questionStartTime: now,
    currentQuestionTimeReactive: 0,
    originalFilterParams,
    pendingSubmission: null,
    savedElapsedSeconds: 0,
    revisions: {},
    timestamp: now,
  };
}

export function currentQuestionId(record: SessionRecord): string | undefined {
  return record.questionOrder[record.currentQuestionIndex];
}

export function clampIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.max(0, Math.min(length - 1, Math.floor(index)));
}

function withId(list: string[], id: string): string[] {
  return list.includes(id) ? list : [...list, id];
}

function withoutId(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : list;
}

function without<T>(map: Record<string, T>, id: string): Record<string, T> {
  if (!(id in map)) return map;
  const copy = { ...map };
  delete copy[id];
  return copy;
}

/** One more revision of a question's answer (D294: of two tabs' answers the later-informed wins). */
function revised(record: SessionRecord, id: string): Record<string, number> {
  const revisions = record.revisions ?? {};
  return { ...revisions, [id]: (revisions[id] ?? 0) + 1 };
}

export function isBlank(answer: string | undefined): boolean {
  return (answer ?? '').trim() === '';
}

type Handler<T extends SessionAction['type']> = (
  record: SessionRecord,
  action: Extract<SessionAction, { type: T }>,
) => SessionRecord;

/** What each action does to the record (one function per action; the reducer dispatches). */
const HANDLERS: { [T in SessionAction['type']]: Handler<T> } = {
  tick: (record, action) => {
    if (!record.trackProgress) return { ...record, timestamp: action.now };
    const elapsedSeconds = record.elapsedSeconds + 1;
    const id = currentQuestionId(record);
    if (!id) return { ...record, elapsedSeconds, timestamp: action.now };
    const spent = Math.min(elapsedSeconds, (record.questionTimes[id] ?? 0) + 1);
    return {
      ...record,
      elapsedSeconds,
      questionTimes: { ...record.questionTimes, [id]: spent },
      currentQuestionTimeReactive: spent,
      timestamp: action.now,
    };
  },
  goTo: (record, action) => {
    const index = clampIndex(action.index, record.questionOrder.length);
    const id = record.questionOrder[index];
    return {
      ...record,
      currentQuestionIndex: index,
      questionStartTime: action.now,
      currentQuestionTimeReactive: id ? (record.questionTimes[id] ?? 0) : 0,
      timestamp: action.now,
    };
  },
  setAnswer: (record, action) => {
    if (record.answers[action.questionId] === action.answer) return record;
    return {
      ...record,
      answers: { ...record.answers, [action.questionId]: action.answer },
      solvedStatus: without(record.solvedStatus, action.questionId),
      overrules: without(record.overrules, action.questionId),
      savedQuestionIds: withoutId(record.savedQuestionIds, action.questionId),
      // Changing a committed answer is a new revision of it.
      revisions: record.answeredQuestions.includes(action.questionId)
        ? revised(record, action.questionId)
        : record.revisions,
    };
  },
  commit: (record, action) => {
    const answered =
      !isBlank(record.answers[action.questionId]) || record.solvedStatus[action.questionId] !== undefined;
    if (!answered || record.answeredQuestions.includes(action.questionId)) return record;
    return {
      ...record,
      answeredQuestions: [...record.answeredQuestions, action.questionId],
      revisions: revised(record, action.questionId),
    };
  },
  selfGrade: (record, action) => {
    // docs/product.md#take-exam: Y fills the correct answer of the current language; N stores a single blank.
    const answer = action.pass ? action.correctAnswer : ' ';
    const value: SolvedValue = action.pass ? 'Y' : 'N';
    const unchanged = record.answers[action.questionId] === answer && record.solvedStatus[action.questionId] === value;
    return {
      ...record,
      answers: { ...record.answers, [action.questionId]: answer },
      solvedStatus: { ...record.solvedStatus, [action.questionId]: value },
      overrules: { ...record.overrules, [action.questionId]: action.pass ? 'correct' : 'wrong' },
      answeredQuestions: withId(record.answeredQuestions, action.questionId),
      savedQuestionIds: unchanged ? record.savedQuestionIds : withoutId(record.savedQuestionIds, action.questionId),
      revisions: unchanged ? record.revisions : revised(record, action.questionId),
    };
  },
  overrule: (record, action) => {
    const { questionId, verdict } = action;
    if ((record.overrules[questionId] ?? null) === verdict) return record;
    return {
      ...record,
      overrules: verdict ? { ...record.overrules, [questionId]: verdict } : without(record.overrules, questionId),
      savedQuestionIds: withoutId(record.savedQuestionIds, questionId),
      revisions: revised(record, questionId),
    };
  },
  adoptSitting: (record, action) => ({
    ...mergeSitting(record, action.state, action.followRemote),
    sittingVersion: action.version,
  }),
  sittingSynced: (record, action) =>
    record.sittingVersion === action.version ? record : { ...record, sittingVersion: action.version },
  setSolved: (record, action) => {
    const unchanged = record.answers[action.questionId] === action.value;
    return {
      ...record,
      answers: { ...record.answers, [action.questionId]: action.value },
      solvedStatus: { ...record.solvedStatus, [action.questionId]: action.value },
      answeredQuestions: withId(record.answeredQuestions, action.questionId),
      savedQuestionIds: unchanged ? record.savedQuestionIds : withoutId(record.savedQuestionIds, action.questionId),
      revisions:
        unchanged && record.answeredQuestions.includes(action.questionId)
          ? record.revisions
          : revised(record, action.questionId),
    };
  },
  setOrder: (record, action) => {
    // The current question keeps being shown: the index follows it to its new place.
    const id = currentQuestionId(record);
    const found = id ? action.order.indexOf(id) : -1;
    return {
      ...record,
      questionOrder: [...action.order],
      currentQuestionIndex: found >= 0 ? found : clampIndex(record.currentQuestionIndex, action.order.length),
    };
  },
  setTrackProgress: (record, action) => ({ ...record, trackProgress: action.value }),
  complete: (record) => ({ ...record, examCompleted: true }),
  startSave: (record, action) => ({ ...record, pendingSubmission: action.pending }),
  saveFailed: (record) => {
    return record; // the pending submission stays for the retry
  },
  saved: (record, action) => {
    let saved = record.savedQuestionIds;
    for (const id of action.questionIds) saved = withId(saved, id);
    return {
      ...record,
      previousResultId: action.resultId,
      savedQuestionIds: saved,
      pendingSubmission: null,
      savedElapsedSeconds: Math.max(record.savedElapsedSeconds, action.elapsedMark),
    };
  },
  continueFrom: (record, action) => {
    let answers = record.answers;
    let answered = record.answeredQuestions;
    let saved = record.savedQuestionIds;
    for (const detail of action.details) {
      if (!record.questionOrder.includes(detail.question_id)) continue;
      if (!(detail.question_id in answers)) answers = { ...answers, [detail.question_id]: detail.answer };
      answered = withId(answered, detail.question_id);
      saved = withId(saved, detail.question_id);
    }
    const next: SessionRecord = {
      ...record,
      isContinueMode: true,
      previousResultId: action.resultId,
      answers,
      answeredQuestions: answered,
      savedQuestionIds: saved,
    };
    // docs/product.md#take-exam: jump to the first unanswered question unless the session is already further along.
    if (record.currentQuestionIndex > 0) return next;
    return { ...next, currentQuestionIndex: firstUnansweredIndex(next) };
  },
  removeQuestion: (record, action) => {
    const order = record.questionOrder.filter((id) => id !== action.questionId);
    const removedAt = record.questionOrder.indexOf(action.questionId);
    let index = record.currentQuestionIndex;
    if (removedAt >= 0 && removedAt < index) index -= 1;
    return {
      ...record,
      questionOrder: order,
      currentQuestionIndex: clampIndex(index, order.length),
      answers: without(record.answers, action.questionId),
      answeredQuestions: withoutId(record.answeredQuestions, action.questionId),
      savedQuestionIds: withoutId(record.savedQuestionIds, action.questionId),
      solvedStatus: without(record.solvedStatus, action.questionId),
      overrules: without(record.overrules, action.questionId),
    };
  },
  addQuestion: (record, action) =>
    record.questionOrder.includes(action.questionId)
      ? record
      : { ...record, questionOrder: [...record.questionOrder, action.questionId] },
  restart: (record, action) =>
    createSessionRecord(record.examId, action.order, action.now, record.originalFilterParams),
};

export function sessionReducer(record: SessionRecord, action: SessionAction): SessionRecord {
  // The table pairs each type with its own action; TypeScript cannot follow that through the lookup.
  const handler = HANDLERS[action.type] as Handler<SessionAction['type']>;
  return handler(record, action);
}

/** The first question (in the taking order) without an answer; the last one when all are answered. */
export function firstUnansweredIndex(record: SessionRecord): number {
  const index = record.questionOrder.findIndex((id) => !record.answeredQuestions.includes(id));
  return index >= 0 ? index : Math.max(0, record.questionOrder.length - 1);
}

/** The time to report with the next save: seconds since the last confirmed one. */
export function unsavedSeconds(record: SessionRecord): number {
  return Math.max(0, record.elapsedSeconds - record.savedElapsedSeconds);
}

/** Answers given (answered) but not yet saved to the server, in the taking order. */
export function unsavedAnswers(record: SessionRecord): AnswerPayload[] {
  return record.questionOrder
    .filter((id) => record.answeredQuestions.includes(id) && !record.savedQuestionIds.includes(id))
    .map((id) => {
      const payload: AnswerPayload = {
        question_id: id,
        answer: record.answers[id] ?? '',
        elapsed_seconds: record.questionTimes[id] ?? 0,
      };
      const own = record.overrules[id];
      return own ? { ...payload, learner_verdict: own } : payload;
    });
}

/**
 * docs/product.md#take-exam: Next is allowed when the answer is non-blank or the solved status is Y or N; for
 * yes/no questions the answer must be a Y or N form (`yesNo` tells whether it is one).
 */
export function canGoNext(input: {
  answer: string | undefined;
  solved: SolvedValue | undefined;
  isYesNoQuestion: boolean;
  answerIsYesNo: boolean;
}): boolean {
  if (input.solved) return true;
  if (isBlank(input.answer)) return false;
  return input.isYesNoQuestion ? input.answerIsYesNo : true;
}
