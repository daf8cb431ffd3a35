import type { StoredQuestion } from '../files/index.js';

/** The note a cloze card belongs to (D366): its file and its note text; null for other questions. */
export function noteKey(question: StoredQuestion): string | null {
  const record = question as Record<string, unknown>;
  if (typeof record.cloze !== 'number' || typeof record.cloze_note !== 'string' || record.cloze_note === '')
    return null;
  return `${typeof record.file_id === 'string' ? record.file_id : ''}\u0000${record.cloze_note}`;
}

export interface SiblingDay {
  /** Cards the queue could show today: new candidates and cards due today. */
  offerable: ReadonlySet<string>;
  /** Whether the card was reviewed on this learner day. */
  studiedToday(questionId: string): boolean;
}

/**
 * Anki's sibling burying (D371): the cards of one cloze note are not shown on the same day. When one
 * was studied today its offerable siblings wait for tomorrow; else one of them (the first read) is
 * offered and the others wait. `questions` are the records the queue read, in its order.
 */
export function clozeSiblingsToBury(questions: Iterable<StoredQuestion>, day: SiblingDay): Set<string> {
  const notes = new Map<string, string[]>();
  for (const question of questions) {
    const key = noteKey(question);
    if (key === null) continue;
    const members = notes.get(key) ?? [];
    if (!members.includes(question.id)) members.push(question.id);
    notes.set(key, members);
  }
  const buried = new Set<string>();
  for (const members of notes.values()) {
    if (members.length < 2) continue;
    const studied = members.filter((id) => day.studiedToday(id));
    const offered = members.filter((id) => day.offerable.has(id) && !studied.includes(id));
    for (const id of studied.length > 0 ? offered : offered.slice(1)) buried.add(id);
  }
  return buried;
}
