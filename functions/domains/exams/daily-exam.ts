import { MAX_SUBSCRIBED_EXAMS } from '#shared/contracts/exams.js';
import { LIMITS } from '#shared/domain/limits.js';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import type { DailyExamErrorKey } from '#shared/i18n/daily-quiz-messages.js';
import { shuffled } from '#shared/domain/question-order.js';
import { newExamRecord } from './exam-creation.js';
import {
  findExam,
  getExamWithQuestions,
  getExams,
  insertExam,
  removeExam,
  type ExamRecord,
  type StoredQuestion,
} from './exam-store.js';
import { subscribedExamIds } from './subscription-store.js';
import { canReadExamDirectly } from './visibility.js';
import { createLogger } from '../../runtime/log.js';
import { schedulerFor, selectDailyQuestions, type DailyPick, quizDay } from '../learning/index.js';
import { claimDailyDay, dueReviews, getDailyDay, learningStateOf, moveDailyPointer } from './daily-exam-store.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { learnerDaySettings } from '#shared/domain/learner-day.js';

/**
 * The daily exam of one user and quiz day (docs/architecture.md §2.6 L20), shared by the routes
 * (GET /api/daily-exam/, POST /api/create-random-recommendation-exam/) and the daily mail job.
 *
 * `DAILY#<day>` is the claim: a day that has one answers its exam (1 GetItem + 1 GetItem); the
 * first call of the day builds one and claims the day with `attribute_not_exists`, so two
 * concurrent calls end with the same exam (the loser removes its own). Building reads a bounded
 * amount, whatever the user's history: ≤ {@link MAX_SUBSCRIBED_EXAMS} subscriptions (the cap; 1 Query), their
 * exam items (1 BatchGetItem per 100), ≤ {@link DUE_LIMIT} due reviews (1 Query), the questions of
 * ≤ {@link EXAMS_READ} readable exams (1 Query each per MB), and the learning state of ≤
 * {@link candidateCap}(count) candidates (BatchGetItem, 50 questions per call).
 */

/** Due reviews read per build (earliest due first). */
export const DUE_LIMIT = 100;
/** Readable subscribed exams whose questions are read per build. */
export const EXAMS_READ = 3;
/** Questions whose learning state is read: every due one found plus a random sample, growing with the count. */
export const candidateCap = (count: number) => 40 + 4 * count;

export type DailyExamUser = CallerUser & { random_exam_question_count: number; language: Language };

export type DailyExamOutcome =
  | { ok: true; exam: ExamRecord; questions: StoredQuestion[] | null; created: boolean; day: string }
  | { ok: false; error: DailyExamErrorKey; day: string };

const log = createLogger({ component: 'daily-exam' });

/** Today's exam of `user`: the claimed one, else a new one. `questions` is null when an existing exam was reused (read them when needed). */
export async function dailyExamFor(user: DailyExamUser, now = new Date()): Promise<DailyExamOutcome> {
  const day = quizDay(now, learnerDaySettings(user));
  const claim = await getDailyDay(user.id, day);
  if (claim) {
    const existing = await findExam(claim.exam_id);
    if (existing) return { ok: true, exam: existing, questions: null, created: false, day };
  }
  const count = clampCount(user.random_exam_question_count);
  const chosen = await chooseQuestions(user, count, now);
  if (!chosen.ok) return { ok: false, error: chosen.error, day };

  const exam = newExamRecord({
    title: dailyQuizTitle(user.username),
    language: user.language,
    caller: user,
    questions: chosen.questions.length,
    isPublic: false,
    isOriginal: false,
  });
  exam.kind = 'daily';
  await insertExam(exam, chosen.questions);
  const record = {
    day,
    exam_id: exam.id,
    question_ids: chosen.questions.map((q) => q.id),
    created_at: now.toISOString(),
  };
  if (!(await claimDailyDay(user.id, record, claim?.exam_id ?? null, now))) {
    // A concurrent call claimed the day first: keep its exam, drop ours.
    await removeExam(exam);
    const winner = await getDailyDay(user.id, day);
    const winnerExam = winner ? await findExam(winner.exam_id) : null;
    if (!winnerExam) throw new Error('daily exam claim lost to an exam that is gone');
    return { ok: true, exam: winnerExam, questions: null, created: false, day };
  }
  await retireOldExam(user.id, exam.id);
  return { ok: true, exam, questions: chosen.questions, created: true, day };
}

/** Keeps today's and yesterday's daily exams (a sitting may cross midnight); the one before goes. */
async function retireOldExam(userId: string, examId: string): Promise<void> {
  const before = await moveDailyPointer(userId, examId);
  const retired = before?.previous_exam_id;
  if (!retired || retired === examId) return;
  try {
    const old = await findExam(retired);
    if (old && old.kind === 'daily' && old.created_by_id === userId) await removeExam(old);
  } catch (error) {
    // The new exam stands; an old one left behind is harmless (it is private and unlisted).
    log.warn('could not remove an old daily exam', { userId, examId: retired, error: (error as Error).message });
  }
}

function clampCount(count: number): number {
  const { min, max, default: fallback } = LIMITS.profileQuestionCount;
  return Number.isInteger(count) ? Math.min(max, Math.max(min, count)) : fallback;
}

type Chosen = { ok: true; questions: StoredQuestion[]; picks: DailyPick[] } | { ok: false; error: DailyExamErrorKey };

async function chooseQuestions(user: DailyExamUser, count: number, now: Date): Promise<Chosen> {
  const [subscribed, due] = await Promise.all([
    subscribedExamIds(user.id, MAX_SUBSCRIBED_EXAMS),
    dueReviews(user.id, now, DUE_LIMIT),
  ]);
  if (subscribed.length === 0) return { ok: false, error: 'home.dailyExam.noSubscribedExams' };

  // Exams holding due reviews first (their questions can only be asked from a readable copy), then the rest at random.
  const subscribedSet = new Set(subscribed);
  const dueExams = [...new Set(due.map((d) => d.examId).filter((id): id is string => !!id && subscribedSet.has(id)))];
  const order = [...dueExams, ...shuffled(subscribed.filter((id) => !dueExams.includes(id)))];
  const byId = new Map((await getExams(order)).map((exam) => [exam.id, exam]));
  // Turned private (or deleted) since subscribing: skipped. Personal exams of the product are never a source.
  const readable = order
    .map((id) => byId.get(id))
    .filter((exam): exam is ExamRecord => !!exam && !exam.kind && canReadExamDirectly(exam, user));
  if (readable.length === 0) return { ok: false, error: 'home.dailyExam.noAccessibleExams' };

  const sources = [
    ...readable.filter((e) => e.total_questions > 0),
    ...readable.filter((e) => !(e.total_questions > 0)),
  ].slice(0, EXAMS_READ);
  const questionsById = new Map<string, StoredQuestion>();
  for (const { questions } of await Promise.all(sources.map((exam) => getExamWithQuestions(exam.id)))) {
    for (const question of questions) if (!questionsById.has(question.id)) questionsById.set(question.id, question);
  }
  if (questionsById.size === 0) return { ok: false, error: 'home.dailyExam.noQuestionsInSubscribedExams' };

  const dueIds = due.map((d) => d.questionId).filter((id) => questionsById.has(id));
  const others = shuffled([...questionsById.keys()].filter((id) => !dueIds.includes(id)));
  const candidates = [...dueIds, ...others].slice(0, Math.max(candidateCap(count), dueIds.length));
  const { stats, ignored } = await learningStateOf(user.id, candidates);
  const picks = selectDailyQuestions({
    candidateIds: candidates,
    stats,
    ignoredIds: ignored,
    count,
    now,
    random: Math.random,
    weights: schedulerFor(user).weights,
  });
  if (picks.length === 0) return { ok: false, error: 'home.dailyExam.noQuestionsAvailable' };
  return { ok: true, questions: picks.map((p) => questionsById.get(p.questionId)!), picks };
}
