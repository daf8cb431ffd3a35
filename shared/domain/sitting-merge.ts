import type { SittingState } from '../contracts/sittings.js';

/**
 * One sitting written from two tabs or devices, made one (D294, docs/product.md "One sitting, many
 * tabs"). Pure, so the server's merge of a stale write and the web's merge of a read are the same
 * rule:
 *
 * - answered questions are the union: an answer committed anywhere is never dropped;
 * - per question, the answer with the higher revision wins (a change made after seeing the other's
 *   answer); of two answers given independently (equal revisions) the one that reached the server
 *   first (`stored`) stands — first-wins: the second was usually given after the first tab's
 *   verdict had shown the correct answer, so it measures reading, not recall;
 * - a draft (typed, not committed) is kept only where no committed answer exists;
 * - saved questions are the union and the result they went to is the stored one when there is one
 *   (the result is made once; the other side adds to it);
 * - times take the larger; the order is the stored one with the incoming's extra questions after.
 *
 * `position` is whose current question the merged sitting points at.
 */
export function mergeSittingStates(
  stored: SittingState,
  incoming: SittingState,
  position: 'stored' | 'incoming' = 'incoming',
): SittingState {
  const answers: Record<string, string> = {};
  const overrules: Record<string, 'correct' | 'wrong'> = {};
  const revisions: Record<string, number> = {};
  const storedAnswered = new Set(stored.answered);
  const incomingAnswered = new Set(incoming.answered);
  const ids = new Set([
    ...Object.keys(stored.answers),
    ...Object.keys(incoming.answers),
    ...storedAnswered,
    ...incomingAnswered,
  ]);
  for (const id of ids) {
    const storedRevision = revisionOf(stored, id);
    const incomingRevision = revisionOf(incoming, id);
    const fromIncoming = incomingAnswered.has(id)
      ? !storedAnswered.has(id) || incomingRevision > storedRevision
      : !storedAnswered.has(id) && id in incoming.answers;
    const source = fromIncoming ? incoming : stored;
    if (id in source.answers) answers[id] = source.answers[id]!;
    else if (id in stored.answers) answers[id] = stored.answers[id]!;
    const overrule = source.overrules[id];
    if (overrule) overrules[id] = overrule;
    const revision = Math.max(storedRevision, incomingRevision);
    if (revision > 0) revisions[id] = revision;
  }
  const order = [
    ...stored.question_order,
    ...incoming.question_order.filter((id) => !stored.question_order.includes(id)),
  ];
  const from = position === 'incoming' ? incoming : stored;
  const currentId = from.question_order[from.current_index];
  const found = currentId === undefined ? -1 : order.indexOf(currentId);
  const questionTimes: Record<string, number> = { ...stored.question_times };
  for (const [id, seconds] of Object.entries(incoming.question_times))
    questionTimes[id] = Math.max(questionTimes[id] ?? 0, seconds);
  return {
    question_order: order,
    current_index: found >= 0 ? found : Math.min(from.current_index, Math.max(0, order.length - 1)),
    answers,
    answered: union(stored.answered, incoming.answered),
    overrules,
    elapsed_seconds: Math.max(stored.elapsed_seconds, incoming.elapsed_seconds),
    question_times: questionTimes,
    previous_result_id: stored.previous_result_id ?? incoming.previous_result_id,
    saved: union(stored.saved, incoming.saved),
    revisions,
  };
}

/** How many times a question's answer was committed or changed (0: never). */
export function revisionOf(state: Pick<SittingState, 'revisions'>, questionId: string): number {
  return state.revisions?.[questionId] ?? 0;
}

/** The questions answered in `after` that `before` did not have, or had with another answer. */
export function answersChanged(before: SittingState, after: SittingState): string[] {
  return after.answered.filter(
    (id) =>
      !before.answered.includes(id) ||
      (before.answers[id] ?? '') !== (after.answers[id] ?? '') ||
      before.overrules[id] !== after.overrules[id],
  );
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
