import { Rating } from 'ts-fsrs';
import { LIMITS } from '#shared/domain/limits.js';
import { engineFor, retrievability, type FsrsCard, type Scheduler } from './fsrs.js';

/**
 * What a review of a card is worth today, when more is due than the day holds (docs/learning.md
 * "Does it teach better?"). Pure. Every rule reads the card and the learner's forgetting curve only;
 * a higher priority is reviewed first. `npm run simulate` compares them on learners whose memory is
 * not FSRS's; the queue takes {@link DEFAULT_DUE_ORDER}.
 *
 * - **lowest-recall**: lowest current recall first.
 * - **relative-overdueness**: time since the last review over the interval it was given, highest first.
 * - **descending-recall**: highest current recall first (cheapest to keep; FSRS's helper's sort for backlogs).
 * - **retention-gain**: the expected recall {@link GAIN_HORIZON_DAYS} days from now if reviewed now
 *   (Good with the current recall's probability, Again otherwise) minus the recall then if not.
 */
export type DueOrder = 'lowest-recall' | 'relative-overdueness' | 'descending-recall' | 'retention-gain';
export const DUE_ORDERS: readonly DueOrder[] = [
  'lowest-recall',
  'relative-overdueness',
  'descending-recall',
  'retention-gain',
];
export const DEFAULT_DUE_ORDER: DueOrder = 'retention-gain';

/** How far ahead the retention-gain rule looks (about the reach of a daily exam's month). */
export const GAIN_HORIZON_DAYS = 30;

const DAY_MS = 86_400_000;

function daysSinceReview(card: FsrsCard, now: Date): number {
  return card.last_review ? Math.max(0, (now.getTime() - Date.parse(card.last_review)) / DAY_MS) : 0;
}

/** The expected gain in recall at the horizon from reviewing `card` now (the learner's own curve). */
export function retentionGain(
  card: FsrsCard,
  now: Date,
  curve: Scheduler = engineFor(LIMITS.desiredRetention.default),
): number {
  const recall = retrievability(card, now, curve);
  if (!card.last_review || card.state === 'new') return 1 - recall;
  const elapsed = daysSinceReview(card, now);
  const state = { stability: Number(card.stability), difficulty: Number(card.difficulty) };
  const { engine } = curve;
  const after = (rating: Rating) =>
    engine.forgetting_curve(GAIN_HORIZON_DAYS, engine.next_state(state, elapsed, rating, recall).stability);
  const reviewed = recall * after(Rating.Good) + (1 - recall) * after(Rating.Again);
  return reviewed - engine.forgetting_curve(elapsed + GAIN_HORIZON_DAYS, state.stability);
}

/** The priority of reviewing `card` now under `order`: higher first. */
export function duePriority(order: DueOrder, card: FsrsCard, now: Date, curve?: Scheduler): number {
  switch (order) {
    case 'lowest-recall':
      return -retrievability(card, now, curve);
    case 'descending-recall':
      return retrievability(card, now, curve);
    case 'relative-overdueness': {
      const interval = card.last_review ? (Date.parse(card.due) - Date.parse(card.last_review)) / DAY_MS : 0;
      return daysSinceReview(card, now) / Math.max(interval, 1 / 1440);
    }
    case 'retention-gain':
      return retentionGain(card, now, curve);
  }
}
