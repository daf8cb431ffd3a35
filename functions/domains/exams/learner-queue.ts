import { LIMITS } from '#shared/domain/limits.js';
import { addDays, learnerDay, learnerDaySettings, learnerDayStart } from '#shared/domain/learner-day.js';
import { clozeSiblingsToBury } from './cloze-siblings.js';
import type { StoredItem } from '../../runtime/data/item.js';
import {
  dueBefore,
  isUnseen,
  listIgnored,
  orderReviewQueue,
  queueState,
  schedulerFor,
  DEFAULT_FILL_ORDER,
  fillOrder,
  type DailyPick,
  type DueOrder,
  type FillOrder,
  type LearningPlacement,
  type DailyQuestionStat,
  type DueEntry,
  type FsrsCard,
  type QueueEntry,
  type QueueOutput,
  type ReviewUser,
  type Scheduler,
} from '../learning/index.js';
import type { ExamRecord } from './exam-store.js';
import { learnFromRead, readCopies, readWindows, type ExamWindow, type Where } from './new-card-read.js';
import {
  QUEUE_CANDIDATES,
  queueCandidates,
  REVIEWED_SAMPLE,
  reviewedSample,
  windowCandidates,
} from './new-card-window.js';

/**
 * The learner's queue for one day (D184): what the Review screen shows and what the daily exam and
 * its mail draw, built here once. Reads, whatever the history and the exams' sizes (D308): the due
 * index (1 Query: learning, relearning and review cards due by the end of the learner's day), the
 * ignored marks (1 Query), the learner's places in ≤ {@link QUEUE_EXAMS_READ} source exams (1
 * BatchGetItem; exams holding due or learning cards first) and the next questions past each place
 * (1 Query each; an exam without a place yet is read from its start the same way, D419), then in
 * one BatchGetItem the statistics of ≤ {@link QUEUE_CANDIDATES} + {@link REVIEWED_SAMPLE} questions —
 * a day's sample of answered ones, new candidates in the rest — with the day's counts and buried cards (`REVDAY#`,
 * `REVCAL#`); the page's cards that were not in a window are read by key. Places that moved are
 * saved (1 BatchWriteItem). The order itself is `orderReviewQueue`.
 */

export const QUEUE_DUE_READ = 400;
/** Source exams whose questions are read (the daily exam read 3 before D184; the Review screen 4). */
export const QUEUE_EXAMS_READ = 3;
export { QUEUE_CANDIDATES, queueCandidates };

export interface LearnerQueue {
  day: string;
  ordered: QueueOutput;
  /** Where each question read so far can be shown from (the windows, the page's cards). */
  where: Where;
  /** The questions the queue may show: in a window, placed in a read exam, or due and answered in one. */
  available: ReadonlySet<string>;
  /** Reads the copies of questions to show that are not in `where` yet (the daily exam's picks). */
  readQuestions: (questionIds: readonly string[]) => Promise<void>;
  /** The due index entries (whole QSTAT items) by question id. */
  due: Map<string, DueEntry>;
  /** The statistics of the candidates that have one. */
  stats: Map<string, StoredItem>;
  /** The new candidates in exam order, then the day's sample of answered ones not on the due index (the short-day fill's pool). */
  candidates: string[];
  ignored: Set<string>;
  done: { new: number; reviews: number; graded: number };
  limits: { newPerDay: number; reviewsPerDay: number };
  /** The clock and the learner's curve the order was made with (the daily exam's fill ranks by them). */
  now: Date;
  curve: Scheduler;
}

/** A statistic as the selection rules read it, from a QSTAT item. */
export function statOf(item: StoredItem | undefined): DailyQuestionStat | undefined {
  if (!item) return undefined;
  return {
    total_attempts: Number(item.total_attempts ?? 0),
    correct_attempts: Number(item.correct_attempts ?? 0),
    fsrs: item.fsrs && typeof item.fsrs === 'object' ? (item.fsrs as FsrsCard) : undefined,
  };
}

function intSetting(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

export function queueLimits(user: ReviewUser): LearnerQueue['limits'] {
  return {
    newPerDay: intSetting(user.new_cards_per_day, LIMITS.newCardsPerDay.default),
    reviewsPerDay: intSetting(user.max_reviews_per_day, LIMITS.maxReviewsPerDay.default),
  };
}

export interface LearnerQueueRead {
  /** The due index entries in index order (learning keys first, then by due date). */
  dueEntries: readonly { questionId: string; card: FsrsCard }[];
  candidates: readonly string[];
  /** The statistic of a candidate, as read. */
  statOf: (questionId: string) => DailyQuestionStat | undefined;
  available: ReadonlySet<string>;
  ignored: ReadonlySet<string>;
  limits: LearnerQueue['limits'];
  done: { new: number; reviews: number };
  now: Date;
  pageSize: number;
  curve: Scheduler;
  /** The Review screen's learn-ahead limit (0 for the daily exam: it is drawn once, not studied through). */
  learnAheadMs?: number;
  /** The rank of due reviews and the place of learning steps: the queue's defaults when absent (the simulation compares others). */
  dueOrder?: DueOrder;
  learningSteps?: LearningPlacement;
  newShare?: number;
}

/**
 * The queue's order from what was read (pure: `npm run simulate` runs it on simulated learners, D246).
 * Review cards are due; learning and relearning ones (from a Review grade or an exam answer) are learning (D185).
 */
export function orderLearnerQueue(read: LearnerQueueRead): QueueOutput {
  return orderReviewQueue({
    due: read.dueEntries
      .filter((d) => d.card.state === 'review')
      .map((d) => ({ questionId: d.questionId, card: d.card })),
    learning: read.dueEntries
      .filter((d) => d.card.state !== 'review')
      .map((d) => ({ questionId: d.questionId, due: d.card.due, card: d.card })),
    // The daily quiz's definition of "never answered", so both count the same questions as new.
    candidates: read.candidates.map((id) => ({ questionId: id, unseen: isUnseen(read.statOf(id)) })),
    available: read.available,
    ignored: read.ignored,
    limits: read.limits,
    doneToday: { new: read.done.new, reviews: read.done.reviews },
    now: read.now,
    pageSize: read.pageSize,
    curve: read.curve,
    learnAheadMs: read.learnAheadMs,
    dueOrder: read.dueOrder,
    learningSteps: read.learningSteps,
    newShare: read.newShare,
  });
}

/** Exams holding due or learning cards first (their questions can only be shown from them), at most {@link QUEUE_EXAMS_READ}. */
function chooseExams(sources: ExamRecord[], dueEntries: readonly DueEntry[]): ExamRecord[] {
  const weight = new Map<string, number>();
  for (const entry of dueEntries) weight.set(entry.examId, (weight.get(entry.examId) ?? 0) + 1);
  return [...sources]
    .sort((a, b) => (weight.get(b.id) ?? 0) - (weight.get(a.id) ?? 0))
    .slice(0, QUEUE_EXAMS_READ)
    .sort((a, b) => sources.indexOf(a) - sources.indexOf(b));
}

/** The new candidates past each place and the day's sample of placed (answered) questions off the due index. */
function candidatesOf(
  windows: ExamWindow[],
  onDueIndex: ReadonlySet<string>,
  ignored: ReadonlySet<string>,
  day: string,
  newCandidates: number,
) {
  const placed = windows.flatMap((w) => [...w.place.placed.keys()]).filter((id) => !onDueIndex.has(id));
  const sample = reviewedSample(placed, day);
  // The room the sample leaves in the BatchGetItem goes to candidates: a learner without a place yet
  // (nothing placed, no sample) has 90 questions' statistics read, so a history at the start of an
  // exam is placed in fewer reads (D419).
  const fresh = windowCandidates(windows, onDueIndex, ignored, newCandidates + REVIEWED_SAMPLE - sample.length);
  return [...fresh, ...sample.filter((id) => !fresh.includes(id))];
}

/**
 * `exams`: the readable source exams in the caller's order (read in parallel with the due index).
 * `newCandidates`: new questions whose statistics are read (the offline download reads more, D445).
 */
/**
 * The cards left out today: the ignored ones, those buried today (left out like an ignored one until
 * the next learner day, D305) and the cloze siblings of a card offered or studied today (cards of
 * one cloze note are not shown on the same day, D371).
 */
function leftOutToday(
  ignoredIds: Set<string>,
  buried: Iterable<string>,
  where: Where,
  today: { offerable: Set<string>; due: Map<string, DueEntry>; dayStart: string },
): Set<string> {
  const ignored = new Set([...ignoredIds, ...buried]);
  const siblings = clozeSiblingsToBury(
    [...where.values()].map((w) => w.question),
    {
      offerable: today.offerable,
      studiedToday: (id) => (today.due.get(id)?.card.last_review ?? '') >= today.dayStart,
    },
  );
  for (const id of siblings) ignored.add(id);
  return ignored;
}

export async function learnerQueue(
  user: ReviewUser,
  exams: Promise<ExamRecord[]>,
  pageSize: number,
  now = new Date(),
  learnAheadMs = 0,
  newCandidates = QUEUE_CANDIDATES,
): Promise<LearnerQueue> {
  const settings = learnerDaySettings(user);
  const day = learnerDay(now, settings);
  const endOfDay = learnerDayStart(addDays(day, 1), settings).toISOString();
  const [sources, dueEntries, ignoredList] = await Promise.all([
    exams,
    dueBefore(user.id, endOfDay, QUEUE_DUE_READ),
    listIgnored(user.id),
  ]);
  const chosen = chooseExams(sources, dueEntries);
  const onDueIndex = new Set(dueEntries.map((d) => d.questionId));
  const ignoredIds = new Set(ignoredList.map((i) => i.question_id));
  const read = await readWindows(user.id, chosen);
  const where: Where = new Map();
  for (const { exam, copies } of read)
    for (const { question } of copies) if (!where.has(question.id)) where.set(question.id, { exam, question });

  const candidates = candidatesOf(read, onDueIndex, ignoredIds, day, newCandidates);
  const { stats, done, buried } = await queueState(user.id, day, candidates);
  const asked = new Set(candidates);
  const answered = (id: string) => onDueIndex.has(id) || (asked.has(id) ? !isUnseen(statOf(stats.get(id))) : undefined);
  const missing = new Set(candidates.filter((id) => !stats.has(id)));
  const places = await learnFromRead(user.id, read, answered, missing, ignoredIds);
  const windows = read.map((w, i) => ({ exam: w.exam, place: places[i]! }));

  const chosenIds = new Set(chosen.map((e) => e.id));
  const available = new Set([
    ...where.keys(),
    ...windows.flatMap((w) => [...w.place.placed.keys(), ...w.place.passed.keys()]),
    ...dueEntries.filter((d) => chosenIds.has(d.examId)).map((d) => d.questionId),
  ]);
  const limits = queueLimits(user);
  const curve = schedulerFor(user);
  const due = new Map(dueEntries.map((d) => [d.questionId, d]));
  const ignored = leftOutToday(ignoredIds, buried, where, {
    offerable: new Set([...candidates, ...due.keys()]),
    due,
    dayStart: learnerDayStart(day, settings).toISOString(),
  });
  const readQuestions = (ids: readonly string[]) => readCopies(user.id, ids, windows, due, where);
  const ordered = orderLearnerQueue({
    dueEntries,
    candidates,
    statOf: (id) => statOf(stats.get(id)),
    available,
    ignored,
    limits,
    done,
    now,
    pageSize,
    curve,
    learnAheadMs,
  });
  await readQuestions(ordered.page.map((e) => e.questionId));
  // A card whose copy is gone since it was placed is left off the page (the count keeps it until then).
  const page = ordered.page.filter((e) => where.has(e.questionId));
  return {
    day,
    ordered: { ...ordered, page },
    where,
    available,
    readQuestions,
    due,
    stats,
    candidates,
    ignored,
    done,
    limits,
    now,
    curve,
  };
}

const REASONS = { due: 'due', new: 'unseen', learning: 'learning' } as const;

export interface DailyPicksRead {
  page: readonly QueueEntry[];
  /** The due index entries in index order. */
  dueEntries: readonly { questionId: string; card: FsrsCard }[];
  candidates: readonly string[];
  /** The statistic of a due index entry or a candidate, as read. */
  statOf: (questionId: string) => DailyQuestionStat | undefined;
  available: { has(questionId: string): boolean };
  ignored: ReadonlySet<string>;
  /** The clock and the learner's curve, to rank the fill by predicted recall. */
  now: Date;
  curve?: Scheduler;
  /** The fill's order ({@link DEFAULT_FILL_ORDER} when absent; the simulation compares the other). */
  fill?: FillOrder;
}

/**
 * The daily exam's questions (pure: the daily exam and `npm run simulate` call it, D246): the
 * queue's first `count` cards (due, then new up to the new-card limit, then learning steps come due).
 * A learner with fewer than `count` gets the rest (D187) from answered questions the queue does not
 * hold (reviews not due yet, learning steps not due yet), lowest predicted recall first (D315);
 * never a new card over the limit nor a due one over the review limit.
 */
export function dailyPicksFrom(read: DailyPicksRead, count: number): DailyPick[] {
  const picks: DailyPick[] = read.page.map((e) => ({ questionId: e.questionId, reason: REASONS[e.kind] }));
  if (picks.length >= count) return picks.slice(0, count);
  const taken = new Set(picks.map((p) => p.questionId));
  const answered = read.dueEntries
    .filter((d) => d.card.state !== 'review')
    .map((d) => d.questionId)
    .concat(read.candidates.filter((id) => !isUnseen(read.statOf(id))))
    .filter((id) => read.available.has(id) && !read.ignored.has(id) && !taken.has(id));
  const ordered = fillOrder(answered, read.statOf, read.fill ?? DEFAULT_FILL_ORDER, read.now, read.curve);
  for (const questionId of ordered.slice(0, count - picks.length)) picks.push({ questionId, reason: 'weakest' });
  return picks;
}
