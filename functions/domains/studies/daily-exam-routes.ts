import type * as contracts from '#shared/contracts/daily-quiz.js';
import type { DailyExamAnswer } from '#shared/contracts/daily-quiz.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { findUserByUsername, getUser } from '../users/index.js';
import { AppError, notFound } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { dailyExamFor, examView, type DailyExamUser } from '../exams/index.js';
import { activeStudyExams } from './study-task-exams.js';

/**
 * POST /api/daily-exam/ and POST /api/create-random-recommendation-exam/: the same
 * daily exam (functions/domains/exams/daily-exam.ts) over the Review screen's sources, the learner's
 * study task exams included (D242: here because only the studies domain knows tasks). Requests:
 * 1 GetItem USER, then a day already claimed 2 GetItems; a first call of the day the bounded build of
 * L20 (≤ 13 requests for 3 questions, tests/integration/daily-exam.test.ts), plus for a learner in
 * studies the memberships Query and ≤ STUDIES_READ task Queries.
 */
export async function openDailyExam(
  _input: ServiceInput<typeof contracts.openDailyExam>,
  ctx: SignedInContext,
): Promise<DailyExamAnswer> {
  const user = await getUser(ctx.caller.user.id);
  if (!user) throw new AppError(401, 'authentication_required');
  return answerFor(user, ctx);
}

export async function createRandomRecommendationExam(
  input: ServiceInput<typeof contracts.createRandomRecommendationExam>,
  ctx: SignedInContext,
): Promise<DailyExamAnswer> {
  const caller = ctx.caller.user;
  const target = input.body.target_username?.trim();
  if (target && target.toLowerCase() !== caller.username.toLowerCase()) {
    if (!isSiteAdmin(caller)) throw new AppError(403, 'daily_exam_target_forbidden');
    const user = await findUserByUsername(target);
    if (!user) throw notFound('user_not_found');
    return answerFor(user, ctx);
  }
  const user = await getUser(caller.id);
  if (!user) throw new AppError(401, 'authentication_required');
  return answerFor(user, ctx);
}

async function answerFor(user: DailyExamUser, ctx: SignedInContext): Promise<DailyExamAnswer> {
  // The learner's own memberships, also when a site admin builds it for them.
  const outcome = await dailyExamFor(user, new Date(), undefined, () => activeStudyExams(user, { correct: true }));
  if (!outcome.ok) return { success: false, error: outcome.error, detail: errorMessage(outcome.error, ctx.language) };
  return { success: true, exam: examView(outcome.exam, ctx.caller.user, ctx.language), created: outcome.created };
}
