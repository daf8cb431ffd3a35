import type * as contracts from '#shared/contracts/review.js';
import { REVIEW_PAGE_SIZE, LEECH_LIST_CAP } from '#shared/contracts/review.js';
import type { Language } from '#shared/domain/language.js';
import { LIMITS } from '#shared/domain/limits.js';
import { addDays, learnerDay, learnerDaySettings, learnerDayStart } from '#shared/domain/learner-day.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import {
  applyReviewGrade,
  isUnseen,
  dueBefore,
  learningEntries,
  leechStats,
  listIgnored,
  nextIntervals,
  orderReviewQueue,
  reviewDay,
  lastGradeId,
  schedulerFor,
  statItems,
  undoLastReviewGrade,
  type FsrsCard,
  type ReviewUser,
} from '../learning/index.js';
import { getExams, getExamWithQuestions, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { displayTitle, questionView } from './exam-views.js';
import { subscribedExamIds } from './subscription-store.js';
import { canReadExam, canReadExamDirectly } from './visibility.js';
import { MAX_SUBSCRIBED_EXAMS } from '#shared/contracts/exams.js';
import { examQuestionsWithId, indexedQuestionCopy } from './exam-store.js';

/**
 * The Review screen's routes (issue 26; docs/learning.md "The review queue"). A page reads a bounded
 * amount whatever the learner's history: the due index (1 Query, ≤ {@link DUE_READ}), the learning
 * entries (1 Query), the day's counts and the undo pointer (2 GetItem), the ignored marks (1 Query),
 * the source exams (their ids from the caller: 1 Query of subscriptions or the study's tasks; the
 * exam items: 1 BatchGetItem), the questions of ≤ {@link EXAMS_READ} of them (1 Query each per MB)
 * and the statistics of ≤ {@link CANDIDATES} questions (1 BatchGetItem per 100).
 */

export const DUE_READ = 200;
export const EXAMS_READ = 4;
export const CANDIDATES = 60;
const LEARNING_READ = 200;

/** Where the queue's questions come from: exam ids, and those readable through a study the caller belongs to. */
export interface ReviewSources {
  examIds: string[];
  /** Readable through an active study membership the caller's domain already checked. */
  throughStudy: ReadonlySet<string>;
}

/** The subscribed exams plus `extra` (study task exams), or one named exam when `examId` is given. */
export async function reviewSourcesOf(
  ctx: SignedInContext,
  examId: string | undefined,
  extra: ReviewSources,
): Promise<ReviewSources> {
  if (examId) return { examIds: [examId], throughStudy: new Set() };
  const subscribed = await subscribedExamIds(ctx.caller.user.id, MAX_SUBSCRIBED_EXAMS);
  return { examIds: [...new Set([...subscribed, ...extra.examIds])], throughStudy: extra.throughStudy };
}

async function readableSources(ctx: SignedInContext, sources: ReviewSources, named: boolean): Promise<ExamRecord[]> {
  const ids = sources.examIds.filter((id) => GENERATED_ID.test(id));
  const exams = await getExams(ids);
  if (named) {
    // One exam named by the learner: the full rule, study memberships included (a few reads, once).
    const exam = exams[0];
    if (!exam || !(await canReadExam(exam, ctx.caller.user))) throw new AppError(404, 'exam_not_found');
    return [exam];
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return exams
    .filter((e) => !e.kind && (canReadExamDirectly(e, ctx.caller.user) || sources.throughStudy.has(e.id)))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function reviewQueue(ctx: SignedInContext, sources: ReviewSources, named: boolean, now = new Date()) {
  const user = ctx.caller.user as ReviewUser;
  const userId = user.id;
  const settings = learnerDaySettings(user);
  const day = learnerDay(now, settings);
  const endOfDay = learnerDayStart(addDays(day, 1), settings).toISOString();
  const [exams, due, learning, done, lastId, ignored] = await Promise.all([
    readableSources(ctx, sources, named),
    dueBefore(userId, endOfDay, DUE_READ),
    learningEntries(userId, LEARNING_READ),
    reviewDay(userId, day),
    lastGradeId(userId),
    listIgnored(userId),
  ]);

  // Exams holding due or learning cards are read first: their questions can only be shown from them.
  const weight = new Map<string, number>();
  for (const entry of [...due.map((d) => d.examId), ...learning.map((l) => l.exam_id)])
    weight.set(entry, (weight.get(entry) ?? 0) + 1);
  const chosen = [...exams]
    .sort((a, b) => (weight.get(b.id) ?? 0) - (weight.get(a.id) ?? 0))
    .slice(0, EXAMS_READ)
    .sort((a, b) => exams.indexOf(a) - exams.indexOf(b));
  const read = await Promise.all(chosen.map((exam) => getExamWithQuestions(exam.id)));
  const where = new Map<string, { exam: ExamRecord; question: StoredQuestion }>();
  read.forEach(({ questions }, i) => {
    for (const question of questions)
      if (!where.has(question.id)) where.set(question.id, { exam: chosen[i]!, question });
  });

  const dueIds = new Set(due.map((d) => d.questionId));
  const learningIds = new Set(learning.map((l) => l.question_id));
  const candidateIds = [...where.keys()].filter((id) => !dueIds.has(id) && !learningIds.has(id)).slice(0, CANDIDATES);
  const stats = await statItems(
    userId,
    [...candidateIds, ...learningIds].filter((id) => where.has(id)),
  );
  const cardOf = (id: string) => stats.get(id)?.fsrs as FsrsCard | undefined;
  const statOf = (id: string) => {
    const item = stats.get(id);
    return item
      ? {
          total_attempts: Number(item.total_attempts ?? 0),
          correct_attempts: Number(item.correct_attempts ?? 0),
          fsrs: cardOf(id),
        }
      : undefined;
  };

  const limits = {
    newPerDay: intSetting(user.new_cards_per_day, LIMITS.newCardsPerDay.default),
    reviewsPerDay: intSetting(user.max_reviews_per_day, LIMITS.maxReviewsPerDay.default),
  };
  const ordered = orderReviewQueue({
    due: due.map((d) => ({ questionId: d.questionId, card: d.card })),
    learning: learning.map((l) => ({ questionId: l.question_id, due: l.due })),
    // The daily quiz's definition of "never answered", so both count the same questions as new.
    candidates: candidateIds.map((id) => ({ questionId: id, unseen: isUnseen(statOf(id)) })),
    available: new Set(where.keys()),
    ignored: new Set(ignored.map((i) => i.question_id)),
    limits,
    doneToday: { new: done.new_count, reviews: done.review_count },
    now,
    pageSize: REVIEW_PAGE_SIZE,
  });

  const scheduler = schedulerFor(user);
  const dueCards = new Map(due.map((d) => [d.questionId, d]));
  const language: Language = ctx.language;
  const cards = ordered.page.map(({ questionId, kind }) => {
    const { exam, question } = where.get(questionId)!;
    const stat = dueCards.get(questionId);
    const card = stat?.card ?? cardOf(questionId);
    const raw = stats.get(questionId);
    const failures = Math.max(0, Number(raw?.total_attempts ?? 0) - Number(raw?.correct_attempts ?? 0));
    return {
      question_id: questionId,
      exam_id: exam.id,
      exam_title: displayTitle(exam, language),
      kind,
      question: questionView(question, language),
      intervals: nextIntervals(card, now, settings, scheduler),
      version: stat?.version ?? Number(raw?.version ?? 0),
      lapses: failures,
      leech: failures >= LIMITS.leechFailures,
    };
  });
  return {
    day,
    counts: ordered.counts,
    done_today: { new: done.new_count, reviews: done.graded_count },
    cards,
    next_learning_due: ordered.nextLearningDue,
    settings: {
      desired_retention: scheduler.retention,
      new_cards_per_day: limits.newPerDay,
      max_reviews_per_day: limits.reviewsPerDay,
    },
    can_undo: !!lastId,
  };
}

function intSetting(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
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

/** POST /api/review-undo/ */
export async function undoReview(_input: unknown, ctx: SignedInContext) {
  const undone = await undoLastReviewGrade(ctx.caller.user.id);
  if (!undone) throw new AppError(409, 'review_nothing_to_undo');
  return undone;
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
