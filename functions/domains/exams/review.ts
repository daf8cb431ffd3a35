import type * as contracts from '#shared/contracts/review.js';
import { REVIEW_PAGE_SIZE, LEECH_LIST_CAP } from '#shared/contracts/review.js';
import type { Language } from '#shared/domain/language.js';
import { LIMITS } from '#shared/domain/limits.js';
import { learnerDaySettings } from '#shared/domain/learner-day.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { CallerUser, SignedInContext } from '../../runtime/http/types.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import {
  applyReviewGrade,
  buryReviewCard,
  leechStats,
  listIgnored,
  nextIntervals,
  lastGradeId,
  schedulerFor,
  undoLastReviewGrade,
  type FsrsCard,
  type ReviewUser,
} from '../learning/index.js';
import { getExams, getExamWithQuestions, type ExamRecord } from './exam-store.js';
import { displayTitle, questionView } from './exam-views.js';
import { subscribedExamIds } from './subscription-store.js';
import { canReadExam, canReadExamDirectly } from './visibility.js';
import { MAX_SUBSCRIBED_EXAMS } from '#shared/contracts/exam-subscriptions.js';
import { examQuestionsWithId, indexedQuestionCopy } from './question-copy-store.js';
import { learnerQueue, QUEUE_DUE_READ } from './learner-queue.js';

/**
 * The Review screen's routes (docs/learning.md "The review queue"). A page is the learner's
 * queue (learner-queue.ts, D184: the daily exam draws the same one) plus the undo pointer (1 GetItem)
 * and the source exams (their ids from the caller: 1 Query of subscriptions or the study's tasks; the
 * exam items: 1 BatchGetItem): bounded whatever the learner's history.
 */

/** Exams whose titles the leech list reads. */
export const EXAMS_READ = 4;

/** Where the queue's questions come from: exam ids, and those readable through a study the caller belongs to. */
export interface ReviewSources {
  examIds: string[];
  /** Readable through an active study membership the caller's domain already checked. */
  throughStudy: ReadonlySet<string>;
}

/** The subscribed exams plus `extra` (study task exams, read in parallel), or one named exam when `examId` is given. */
export async function reviewSourcesOf(
  userId: string,
  examId: string | undefined,
  extra: ReviewSources | Promise<ReviewSources>,
): Promise<ReviewSources> {
  if (examId) return { examIds: [examId], throughStudy: new Set() };
  const [subscribed, more] = await Promise.all([subscribedExamIds(userId, MAX_SUBSCRIBED_EXAMS), extra]);
  return { examIds: [...new Set([...subscribed, ...more.examIds])], throughStudy: more.throughStudy };
}

/**
 * The source exams the learner may read, in the sources' order (1 BatchGetItem): the Review screen's
 * and the daily exam's (D242), so both read the same exams first. Personal exams of the product are
 * never a source; an exam turned private since subscribing is skipped; a study task exam counts only
 * through an active membership the studies domain checked (`throughStudy`).
 */
export async function readableQueueSources(
  user: CallerUser,
  sources: ReviewSources,
  named: boolean,
): Promise<ExamRecord[]> {
  const ids = sources.examIds.filter((id) => GENERATED_ID.test(id));
  const exams = await getExams(ids);
  if (named) {
    // One exam named by the learner: the full rule, study memberships included (a few reads, once).
    const exam = exams[0];
    if (!exam || !(await canReadExam(exam, user))) throw new AppError(404, 'exam_not_found');
    return [exam];
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return exams
    .filter((e) => !e.kind && (canReadExamDirectly(e, user) || sources.throughStudy.has(e.id)))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function reviewQueue(ctx: SignedInContext, sources: ReviewSources, named: boolean, now = new Date()) {
  const user = ctx.caller.user as ReviewUser;
  const settings = learnerDaySettings(user);
  const [queue, lastId] = await Promise.all([
    learnerQueue(
      user,
      readableQueueSources(ctx.caller.user, sources, named),
      REVIEW_PAGE_SIZE,
      now,
      LIMITS.learnAheadMs,
    ),
    lastGradeId(user.id),
  ]);
  const { ordered, where, due, stats } = queue;

  const scheduler = schedulerFor(user);
  const language: Language = ctx.language;
  const cards = ordered.page.map(({ questionId, kind }) => {
    const { exam, question } = where.get(questionId)!;
    const raw = due.get(questionId)?.item ?? stats.get(questionId);
    const card = raw?.fsrs as FsrsCard | undefined;
    const failures = Math.max(0, Number(raw?.total_attempts ?? 0) - Number(raw?.correct_attempts ?? 0));
    return {
      question_id: questionId,
      exam_id: exam.id,
      exam_title: displayTitle(exam, language),
      kind,
      question: questionView(question, language),
      intervals: nextIntervals(card, now, settings, scheduler),
      version: Number(raw?.version ?? 0),
      lapses: failures,
      leech: failures >= LIMITS.leechFailures,
    };
  });
  return {
    day: queue.day,
    counts: ordered.counts,
    done_today: { new: queue.done.new, reviews: queue.done.graded },
    cards,
    next_learning_due: ordered.nextLearningDue,
    settings: {
      desired_retention: scheduler.retention,
      new_cards_per_day: queue.limits.newPerDay,
      max_reviews_per_day: queue.limits.reviewsPerDay,
    },
    can_undo: !!lastId,
  };
}

/**
 * GET /api/due-today/'s answer (D298): the unfiltered Review screen's counts, from the same queue over
 * the same sources, without its page (no card is built, no undo pointer read). Home and the profile
 * show these, so the three screens cannot disagree.
 */
export async function dueSummary(ctx: SignedInContext, sources: ReviewSources, now = new Date()) {
  const user = ctx.caller.user as ReviewUser;
  const sourcesRead = readableQueueSources(ctx.caller.user, sources, false);
  const queue = await learnerQueue(user, sourcesRead, 0, now, LIMITS.learnAheadMs);
  const { counts, nextLearningDue } = queue.ordered;
  return {
    day: queue.day,
    due: counts.due,
    learning: counts.learning,
    learning_now: counts.learning_now,
    new: counts.new,
    next_learning_due: nextLearningDue,
    capped: queue.due.size >= QUEUE_DUE_READ,
  };
}

/** The question must be in an exam the caller may read. */
async function checkReviewable(ctx: SignedInContext, examId: string, questionId: string): Promise<void> {
  const exam = GENERATED_ID.test(examId) ? (await getExams([examId]))[0] : undefined;
  const refused = () => new AppError(404, 'review_question_not_found');
  if (!exam || !(await canReadExam(exam, ctx.caller.user))) throw refused();
  if (await indexedQuestionCopy(examId, questionId)) return;
  if ((await examQuestionsWithId(examId, questionId, 'id')).length === 0) throw refused();
}

/** POST /api/review-grade/ */
export async function gradeReview(input: ServiceInput<typeof contracts.gradeReview>, ctx: SignedInContext) {
  await checkReviewable(ctx, input.body.exam_id, input.body.question_id);
  return applyReviewGrade(ctx.caller.user as ReviewUser, input.body);
}

/** POST /api/review-undo/: the last grade, or the one named (the caller's own: the key is in their partition). */
export async function undoReview(input: ServiceInput<typeof contracts.undoReview>, ctx: SignedInContext) {
  const undone = await undoLastReviewGrade(ctx.caller.user.id, input.body.grade_id);
  if (!undone) throw new AppError(409, 'review_nothing_to_undo');
  return undone;
}

/**
 * POST /api/review-bury/: the id goes into the caller's own day item only, so no exam is read: a
 * foreign or unknown id hides nothing from anyone (1 UpdateItem).
 */
export async function buryReview(input: ServiceInput<typeof contracts.buryReview>, ctx: SignedInContext) {
  const { question_id, buried } = input.body;
  const day = await buryReviewCard(ctx.caller.user as ReviewUser, question_id, buried);
  return { question_id, buried, day };
}

/** GET /api/review-leeches/: the leeches not ignored, with their titles from the exams they were last answered in. */
export async function listLeeches(_input: unknown, ctx: SignedInContext) {
  const [all, ignored] = await Promise.all([
    leechStats(ctx.caller.user.id, LEECH_LIST_CAP),
    listIgnored(ctx.caller.user.id),
  ]);
  // An ignored leech has been dealt with: it leaves the list (and the queue).
  const ignoredIds = new Set(ignored.map((i) => i.question_id));
  const leeches = all.filter((l) => !ignoredIds.has(l.questionId));
  const titles = new Map<string, string>();
  const examIds = [...new Set(leeches.map((l) => l.examId).filter((id) => GENERATED_ID.test(id)))].slice(0, EXAMS_READ);
  const read = await Promise.all(examIds.map((id) => getExamWithQuestions(id)));
  for (const { exam, questions } of read) {
    if (!exam || !canReadExamDirectly(exam, ctx.caller.user)) continue;
    for (const q of questions) titles.set(q.id, questionView(q, ctx.language).title ?? '');
  }
  return {
    leeches: leeches.map((l) => ({
      question_id: l.questionId,
      exam_id: l.examId,
      title: titles.get(l.questionId) ?? '',
      failures: l.failures,
    })),
  };
}
