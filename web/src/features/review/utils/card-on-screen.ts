import type { ReviewCard } from '#shared/contracts/review.js';

interface CardOnScreenInput {
  /** The queue page as read. */
  cards: readonly ReviewCard[];
  /** A card given back by Z, shown next. */
  front: ReviewCard | null;
  /** The cards graded (or buried, suspended) here since the page was read. */
  done: ReadonlyMap<string, ReviewCard['kind']>;
  /** The cards whose grade is still waiting to be sent. */
  pendingIds: ReadonlySet<string>;
}

/**
 * What the review screen shows: the page's cards neither done here nor pending, the card given back
 * by Z while it is neither, and the card on screen (the given-back one first).
 */
export function cardOnScreen({ cards, front, done, pendingIds }: CardOnScreenInput) {
  const visible = cards.filter((c) => !done.has(c.question_id) && !pendingIds.has(c.question_id));
  const shownFront = front && !done.has(front.question_id) && !pendingIds.has(front.question_id) ? front : null;
  const current = shownFront ?? visible[0] ?? null;
  return { visible, shownFront, current };
}
