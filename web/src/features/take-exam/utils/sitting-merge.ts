import type { SittingState } from '#shared/contracts/sittings.js';
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
  };
}

/** What makes a new write worth it: everything but the ticking time (sent along with the next one). */
export function sittingSignature(record: SessionRecord): string {
  const { elapsed_seconds: _elapsed, question_times: _times, ...rest } = sittingStateOf(record);
  return JSON.stringify(rest);
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * The local record and the server's sitting made one, so no answer is lost: answered questions and
 * saved ones are the union; for a question both answered, the side that changed last (`remoteNewer`)
 * gives its answer and its grade; times take the larger; the position and order follow the newer
 * side. Questions the exam no longer has are dropped; new ones stay at the end.
 */
export function mergeSitting(local: SessionRecord, remote: SittingState, remoteNewer: boolean): SessionRecord {
  const known = new Set(local.questionOrder);
  const keep = (ids: readonly string[]) => ids.filter((id) => known.has(id));
  const remoteAnswered = new Set(keep(remote.answered));
  const localAnswered = new Set(local.answeredQuestions);
  const answers: Record<string, string> = { ...local.answers };
  const overrules: Record<string, 'correct' | 'wrong'> = { ...local.overrules };
  for (const id of known) {
    const takeRemote = remoteAnswered.has(id)
      ? !localAnswered.has(id) || remoteNewer
      : !localAnswered.has(id) && remoteNewer && id in remote.answers && !(id in local.answers);
    if (!takeRemote) continue;
    if (id in remote.answers) answers[id] = remote.answers[id]!;
    if (remote.overrules[id]) overrules[id] = remote.overrules[id];
    else delete overrules[id];
  }
  const questionTimes: Record<string, number> = { ...local.questionTimes };
  for (const [id, value] of Object.entries(remote.question_times))
    if (known.has(id)) questionTimes[id] = Math.max(questionTimes[id] ?? 0, value);
  const remoteOrder = keep(remote.question_order);
  const order =
    remoteNewer && remoteOrder.length > 0
      ? [...remoteOrder, ...local.questionOrder.filter((id) => !remoteOrder.includes(id))]
      : local.questionOrder;
  const currentId = remoteNewer
    ? remote.question_order[remote.current_index]
    : local.questionOrder[local.currentQuestionIndex];
  const index =
    currentId && order.includes(currentId)
      ? order.indexOf(currentId)
      : Math.min(local.currentQuestionIndex, Math.max(0, order.length - 1));
  const resultId = remoteNewer
    ? (remote.previous_result_id ?? local.previousResultId)
    : (local.previousResultId ?? remote.previous_result_id);
  return {
    ...local,
    questionOrder: order,
    currentQuestionIndex: index,
    answers,
    overrules,
    answeredQuestions: union(local.answeredQuestions, [...remoteAnswered]),
    savedQuestionIds: union(local.savedQuestionIds, keep(remote.saved)),
    previousResultId: resultId,
    isContinueMode: local.isContinueMode || resultId !== null,
    elapsedSeconds: Math.max(local.elapsedSeconds, remote.elapsed_seconds),
    questionTimes,
  };
}
