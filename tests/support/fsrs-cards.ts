import type { FsrsCard } from '../../functions/domains/learning/fsrs.js';

const DAY_MS = 86_400_000;

/** `days` days after `from` (before it when negative). */
export const daysFrom = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY_MS);

/**
 * An FSRS card as a graded answer leaves it: due at `due`, last reviewed at `lastReview`, its
 * interval the stability. Pure (no AWS client), so unit tests build their learners with it too.
 */
export function fsrsCard(card: {
  state?: FsrsCard['state'];
  due: Date;
  stability: number;
  lastReview: Date;
  reps?: number;
}): FsrsCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: Math.round(card.stability),
    learning_steps: 0,
    reps: card.reps ?? 2,
    lapses: 0,
    state: card.state ?? 'review',
    last_review: card.lastReview.toISOString(),
  };
}
