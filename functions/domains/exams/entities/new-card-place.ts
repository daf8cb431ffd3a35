import type { StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<id>`/`QNEW#<examId>`: where the learner stands in one source exam (D308), kept by the
 * learner's queue itself. `frontier`: every position up to it was answered, ignored or is gone,
 * so new cards are looked for only past it; `placed`: question id → position of the exam's
 * questions the queue has seen answered (a due card is read by key from there); `passed`: the
 * same for questions passed over while ignored (a question ignored no more is new again).
 * A cache: deleting statistics deletes it, and the next read rebuilds it.
 */
export const SK_PREFIX = 'QNEW#';

/** Above this many placed questions an item would near DynamoDB's 400 KB: later ones are not placed. */
export const PLACED_MAX = 8_000;

export interface NewCardPlace {
  examId: string;
  frontier: number;
  placed: Map<string, number>;
  passed: Map<string, number>;
}

const positions = (value: unknown): Map<string, number> =>
  new Map(
    value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number')
      : [],
  );

export const newCardPlaceEntity = {
  key: (userId: string, examId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${examId}` }),
  skPrefix: SK_PREFIX,
  type: 'QNEW',
  item: (userId: string, place: NewCardPlace): StoredItem => ({
    ...newCardPlaceEntity.key(userId, place.examId),
    type: newCardPlaceEntity.type,
    exam_id: place.examId,
    frontier: place.frontier,
    placed: Object.fromEntries(place.placed),
    passed: Object.fromEntries(place.passed),
  }),
  parse: (item: StoredItem): NewCardPlace => ({
    examId: String(item.exam_id),
    frontier: typeof item.frontier === 'number' ? item.frontier : 0,
    placed: positions(item.placed),
    passed: positions(item.passed),
  }),
};
