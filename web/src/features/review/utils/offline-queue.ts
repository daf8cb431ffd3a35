import type { ReviewCard } from '#shared/contracts/review.js';
import { LIMITS } from '#shared/domain/limits.js';
import { addDays, learnerDay, learnerDayStart } from '#shared/domain/learner-day.js';
import { nextIntervals, schedulerFor, type LearnerScheduler } from '#shared/domain/fsrs-schedule.js';
import type { OfflineMeta, StoredCard } from '../../../lib/offline/offline-db.js';

/**
 * The Review screen's queue offline, from the download (docs/architecture.md "Offline study"): the
 * server's order in its simple form, on the device's clock. Due reviews (state review, due by the
 * end of the learner's day) and learning steps due now, earliest first, with every third place a new
 * card while the day's new-card limit allows; with nothing else left, a step due within the
 * learn-ahead limit. The intervals on the buttons come from the server's rule
 * (shared/domain/fsrs-schedule.ts) with the learner's own settings.
 */

export interface OfflineQueue {
  current: ReviewCard | null;
  counts: { new: number; learning: number; learning_now: number; due: number };
  /** The earliest step still waiting (ISO), when nothing else is left. */
  nextLearningDue: string | null;
}

/** The learner's scheduler as the server builds it from their user item (the download carries those fields). */
export const schedulerOfDownload = (meta: Pick<OfflineMeta, 'scheduling'>): LearnerScheduler =>
  schedulerFor(meta.scheduling);

const kindOf = (card: StoredCard): ReviewCard['kind'] =>
  !card.fsrs || card.fsrs.state === 'new' ? 'new' : card.fsrs.state === 'review' ? 'due' : 'learning';

export function offlineQueue(cards: readonly StoredCard[], meta: OfflineMeta, now: Date): OfflineQueue {
  const scheduler = schedulerOfDownload(meta);
  const today = learnerDay(now, scheduler.day);
  const endOfDay = learnerDayStart(addDays(today, 1), scheduler.day).getTime();
  // The day's counts restart when the learner's day turns over while offline.
  const done = meta.done_today.day === today ? meta.done_today : { new: 0, reviews: 0 };
  const at = (card: StoredCard) => Date.parse(card.fsrs!.due);
  const byDue = (a: StoredCard, b: StoredCard) => at(a) - at(b);

  const due = cards
    .filter((c) => kindOf(c) === 'due' && at(c) < endOfDay)
    .sort(byDue)
    .slice(0, Math.max(0, meta.limits.reviews_per_day - done.reviews));
  const learning = cards.filter((c) => kindOf(c) === 'learning').sort(byDue);
  const stepsNow = learning.filter((c) => at(c) <= now.getTime());
  const fresh = cards.filter((c) => kindOf(c) === 'new').slice(0, Math.max(0, meta.limits.new_per_day - done.new));
  const first = [...due, ...stepsNow].sort(byDue);
  const ahead = first.length === 0 && fresh.length === 0 ? LIMITS.learnAheadMs : 0;
  const stepsAhead = learning.filter((c) => at(c) > now.getTime() && at(c) <= now.getTime() + ahead);
  // Place 3, 6, 9 … is a new card (the server's with-due-reserve page, D314): the first free place decides.
  const next = first.length === 0 || (fresh.length > 0 && done.reviews % 3 === 2) ? (fresh[0] ?? first[0]) : first[0];
  const chosen = next ?? stepsAhead[0] ?? null;
  const waiting = learning.find((c) => at(c) > now.getTime() + ahead);
  return {
    current: chosen ? reviewCardOf(chosen, now, scheduler) : null,
    counts: {
      new: fresh.length,
      learning: learning.length,
      learning_now: stepsNow.length + stepsAhead.length,
      due: due.length,
    },
    nextLearningDue: waiting ? new Date(at(waiting) - ahead).toISOString() : null,
  };
}

/** A stored card as the Review screen shows it, with its buttons' intervals from the server's rule. */
export function reviewCardOf(card: StoredCard, now: Date, scheduler: LearnerScheduler): ReviewCard {
  return {
    question_id: card.question_id,
    exam_id: card.exam_id,
    exam_title: card.exam_title,
    kind: kindOf(card),
    question: card.question,
    intervals: nextIntervals(card.fsrs ?? undefined, now, scheduler.day, scheduler),
    version: card.version,
    lapses: card.lapses,
    leech: card.leech,
  };
}
