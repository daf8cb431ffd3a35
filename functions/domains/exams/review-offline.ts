import {
  OFFLINE_CARDS_MAX,
  OFFLINE_DAYS_AHEAD,
  OFFLINE_NEW_CANDIDATES,
  type OfflineCard,
} from '#shared/contracts/review-offline.js';
import type { Language } from '#shared/domain/language.js';
import { LIMITS } from '#shared/domain/limits.js';
import { addDays, learnerDayStart } from '#shared/domain/learner-day.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { dueBefore, schedulerFor, type FsrsCard, type LearnerScheduler, type ReviewUser } from '../learning/index.js';
import { displayTitle, questionView } from './exam-views.js';
import { learnerQueue } from './learner-queue.js';
import { readableQueueSources, type ReviewSources } from './review.js';

/**
 * GET /api/review-offline/ (docs/architecture.md "Offline study"): today's queue as the Review screen
 * would serve it page after page (due, new up to the day's limit, learning steps), then the cards due
 * in the next {@link OFFLINE_DAYS_AHEAD} days, each with its FSRS card, so the browser reviews them
 * with the server's rule. Reads: the queue's (bounded, learner-queue.ts) plus one Query of the due
 * index to the end of the last day; a later card whose question is not in a read source exam is left
 * out (the queue finds its copy by its place there).
 */
export async function offlineReview(ctx: SignedInContext, sources: ReviewSources, named: boolean, now = new Date()) {
  const user = ctx.caller.user as ReviewUser;
  const scheduler = schedulerFor(user);
  const queue = await learnerQueue(
    user,
    readableQueueSources(ctx.caller.user, sources, named),
    OFFLINE_CARDS_MAX,
    now,
    LIMITS.learnAheadMs,
    OFFLINE_NEW_CANDIDATES,
  );
  const end = learnerDayStart(addDays(queue.day, OFFLINE_DAYS_AHEAD + 1), scheduler.day).toISOString();
  const onPage = new Set(queue.ordered.page.map((e) => e.questionId));
  const later = (await dueBefore(user.id, end, OFFLINE_CARDS_MAX))
    .filter((d) => !onPage.has(d.questionId) && !queue.ignored.has(d.questionId))
    .slice(0, OFFLINE_CARDS_MAX - onPage.size);
  await queue.readQuestions(later.map((d) => d.questionId));
  const laterCards = new Map(later.map((d) => [d.questionId, d]));

  const language: Language = ctx.language;
  const cards: OfflineCard[] = [];
  for (const questionId of [...onPage, ...laterCards.keys()]) {
    const found = queue.where.get(questionId);
    if (!found) continue;
    const raw = laterCards.get(questionId)?.item ?? queue.due.get(questionId)?.item ?? queue.stats.get(questionId);
    const fsrs = raw?.fsrs && typeof raw.fsrs === 'object' ? (raw.fsrs as FsrsCard) : null;
    const failures = Math.max(0, Number(raw?.total_attempts ?? 0) - Number(raw?.correct_attempts ?? 0));
    cards.push({
      question_id: questionId,
      exam_id: found.exam.id,
      exam_title: displayTitle(found.exam, language),
      question: questionView(found.question, language),
      fsrs,
      version: Number(raw?.version ?? 0),
      lapses: failures,
      leech: failures >= LIMITS.leechFailures,
    });
  }
  return {
    day: queue.day,
    scheduling: downloadScheduling(scheduler),
    limits: { new_per_day: queue.limits.newPerDay, reviews_per_day: queue.limits.reviewsPerDay },
    done_today: { new: queue.done.new, reviews: queue.done.graded },
    cards,
  };
}

/** What the browser needs to build the learner's scheduler as `schedulerFor` builds it from their user item. */
export function downloadScheduling(scheduler: LearnerScheduler) {
  return {
    time_zone: scheduler.day.timeZone,
    day_rollover_hour: scheduler.day.rolloverHour,
    desired_retention: scheduler.retention,
    fsrs_weights: scheduler.weights ? [...scheduler.weights] : null,
  };
}
