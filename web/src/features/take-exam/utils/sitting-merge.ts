import type { SittingState } from '#shared/contracts/sittings.js';
import { mergeSittingStates } from '#shared/domain/sitting-merge.js';
import type { SessionRecord } from './session-record.js';

/** The part of the session record kept on the server (no timers' instants, no pending save). */
export function sittingStateOf(record: SessionRecord): SittingState {
  return {
    question_order: record.questionOrder,
    current_index: record.currentQuestionIndex,
    answers: record.answers,
    answered: record.answeredQuestions,
    overrules: record.overrules,
    elapsed_seconds: Math.floor(record.elapsedSeconds),
    question_times: record.questionTimes,
    previous_result_id: record.previousResultId,
    saved: record.savedQuestionIds,
    revisions: record.revisions ?? {},
  };
}

/** What makes a new write worth it: everything but the ticking time (sent along with the next one). */
export function sittingSignature(record: SessionRecord): string {
  const { elapsed_seconds: _elapsed, question_times: _times, ...rest } = sittingStateOf(record);
  return JSON.stringify(rest);
}

/**
 * The local record and the server's sitting made one by the shared rule (D294,
 * shared/domain/sitting-merge): the server's sitting is the one stored first. The position follows
 * the server's when `followRemote` (opening the exam: resume where the learner stopped), else this
 * tab's. Questions the exam no longer has are dropped; new ones stay at the end.
 */
export function mergeSitting(local: SessionRecord, remote: SittingState, followRemote: boolean): SessionRecord {
  const known = new Set(local.questionOrder);
  const keep = (ids: readonly string[]) => ids.filter((id) => known.has(id));
  const merged = mergeSittingStates(
    { ...remote, question_order: keep(remote.question_order) },
    sittingStateOf(local),
    followRemote ? 'stored' : 'incoming',
  );
  const currentId = followRemote
    ? remote.question_order[remote.current_index]
    : local.questionOrder[local.currentQuestionIndex];
  const order = followRemote ? merged.question_order : local.questionOrder;
  const index = currentId && order.includes(currentId) ? order.indexOf(currentId) : local.currentQuestionIndex;
  const answers = pick(merged.answers, known);
  // A Y/N pick that changed elsewhere is that answer now; its local mark goes with it.
  const solvedStatus = Object.fromEntries(
    Object.entries(local.solvedStatus).filter(([id]) => answers[id] === local.answers[id]),
  );
  return {
    ...local,
    questionOrder: order,
    currentQuestionIndex: Math.min(index, Math.max(0, order.length - 1)),
    answers,
    overrules: pick(merged.overrules, known),
    revisions: pick(merged.revisions ?? {}, known),
    solvedStatus,
    answeredQuestions: keep(merged.answered),
    savedQuestionIds: keep(merged.saved),
    previousResultId: merged.previous_result_id,
    isContinueMode: local.isContinueMode || merged.previous_result_id !== null,
    elapsedSeconds: Math.max(local.elapsedSeconds, merged.elapsed_seconds),
    questionTimes: pick(merged.question_times, known),
  };
}

function pick<T>(map: Record<string, T>, known: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).filter(([id]) => known.has(id)));
}
