import { LIMITS } from '#shared/domain/limits.js';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import type { DailyExamErrorKey } from '#shared/i18n/daily-quiz-messages.js';
import { newExamRecord } from './new-exam.js';
import { findExam, insertExam, removeExam, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { createLogger } from '../../runtime/log.js';
import { quizDay, type DailyPick, type ReviewUser } from '../learning/index.js';
import { claimDailyDay, getDailyDay, moveDailyPointer } from './daily-exam-store.js';
import { dailyPicksFrom, learnerQueue, statOf, type LearnerQueue } from './learner-queue.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { learnerDaySettings } from '#shared/domain/learner-day.js';
import { readableQueueSources, reviewSourcesOf, type ReviewSources } from './review.js';

/**
 * The daily exam of one user and quiz day (docs/architecture.md §2.6 L20), shared by the routes
 * (POST /api/daily-exam/, POST /api/create-random-recommendation-exam/) and the daily mail job.
 *
 * `DAILY#<day>` is the claim: a day that has one answers its exam (1 GetItem + 1 GetItem); the
 * first call of the day builds one and claims the day with `attribute_not_exists`, so two
 * concurrent calls end with the same exam (the loser removes its own). Building reads a bounded
 * amount, whatever the user's history: ≤ MAX_SUBSCRIBED_EXAMS subscriptions (the cap; 1 Query) and,
 * from the caller, the study task exams (the studies domain's, D242: none read for a learner without
 * studies), their exam items (1 BatchGetItem per 100), and the learner's queue over the readable ones
 * (learner-queue.ts: the Review screen's, D184). The daily mail claims its send in the same Put
 * that claims a new day (D188).
 */

export type DailyExamUser = CallerUser & { random_exam_question_count: number; language: Language };

export type DailyExamOutcome =
  | {
      ok: true;
      exam: ExamRecord;
      questions: StoredQuestion[] | null;
      created: boolean;
      day: string;
      /** The mail claim `mailClaimId` was written with the new day's claim (D188). */
      mailClaimed?: boolean;
    }
  | { ok: false; error: DailyExamErrorKey; day: string };

const log = createLogger({ component: 'daily-exam' });

/** Today's exam of `user`: the claimed one, else a new one. `questions` is null when an existing exam was reused (read them when needed). */
export async function dailyExamFor(
  user: DailyExamUser,
  now = new Date(),
  /** The daily mail's claim id: a day claimed here for the first time is claimed for its send too (D188). */
  mailClaimId?: string,
  /**
   * The learner's study task exams (the Review screen's extra sources), asked only when a day is built.
   * Only the studies domain knows tasks: its callers pass them (studies/study-task-exams.ts).
   */
  studyExams: () => Promise<ReviewSources> = noStudyExams,
): Promise<DailyExamOutcome> {
  const day = quizDay(now, learnerDaySettings(user));
  const claim = await getDailyDay(user.id, day);
  if (claim) {
    const existing = await findExam(claim.exam_id);
    if (existing) return { ok: true, exam: existing, questions: null, created: false, day };
  }
  const count = clampCount(user.random_exam_question_count);
  const chosen = await chooseQuestions(user, count, now, studyExams);
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
    // Only on a first claim: replacing a stale one must keep its mail status (a mail may have gone).
    ...(mailClaimId && !claim
      ? { mail_status: 'sending' as const, mail_claimed_at: now.toISOString(), mail_claim_id: mailClaimId }
      : {}),
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
  return { ok: true, exam, questions: chosen.questions, created: true, day, mailClaimed: !!record.mail_claim_id };
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

const noStudyExams = async (): Promise<ReviewSources> => ({ examIds: [], throughStudy: new Set() });

async function chooseQuestions(
  user: DailyExamUser,
  count: number,
  now: Date,
  studyExams: () => Promise<ReviewSources>,
): Promise<Chosen> {
  // The Review screen's sources and order (review.ts): subscribed exams, then study task exams (D242).
  const sources = await reviewSourcesOf(user.id, undefined, studyExams());
  if (sources.examIds.length === 0) return { ok: false, error: 'home.dailyExam.noSubscribedExams' };
  const readable = await readableQueueSources(user, sources, false);
  if (readable.length === 0) return { ok: false, error: 'home.dailyExam.noAccessibleExams' };

  // The Review screen's queue (D184): its first `count` cards, then the fill (D187).
  const queue = await learnerQueue(user as ReviewUser, Promise.resolve(readable), count, now);
  if (queue.available.size === 0) return { ok: false, error: 'home.dailyExam.noQuestionsInSubscribedExams' };
  const drawn = dailyPicks(queue, count);
  await queue.readQuestions(drawn.map((p) => p.questionId));
  // A pick whose copy is gone since the queue placed it is left out.
  const picks = drawn.filter((p) => queue.where.has(p.questionId));
  if (picks.length === 0) return { ok: false, error: 'home.dailyExam.noQuestionsAvailable' };
  return { ok: true, questions: picks.map((p) => queue.where.get(p.questionId)!.question), picks };
}

/** The daily exam's questions from the learner's queue: `dailyPicksFrom` (learner-queue.ts) on what was read. */
export function dailyPicks(queue: LearnerQueue, count: number): DailyPick[] {
  return dailyPicksFrom(
    {
      page: queue.ordered.page,
      dueEntries: [...queue.due.values()],
      candidates: queue.candidates,
      statOf: (id) => statOf(queue.due.get(id)?.item ?? queue.stats.get(id)),
      available: queue.available,
      ignored: queue.ignored,
      now: queue.now,
      curve: queue.curve,
    },
    count,
  );
}
