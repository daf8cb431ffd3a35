import type * as contracts from '#shared/contracts/review.js';
import type * as dailyContracts from '#shared/contracts/daily-quiz.js';
import type * as offlineContracts from '#shared/contracts/review-offline.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { dueSummary, offlineReview, reviewQueue, reviewSourcesOf, type ReviewSources } from '../exams/index.js';
import { readableStudy } from './study-access.js';
import { activeStudyExams, taskExamsOf } from './study-task-exams.js';

/**
 * GET /api/review-queue/: the Review screen's sources are the caller's subscribed exams
 * and the exams of the tasks of the studies they are an active member of (study-task-exams.ts, shared
 * with the daily exam and its mail, D242), or, filtered, one exam or one study's task exams. Here
 * because only the studies domain knows tasks; the queue itself is the exams domain's
 * (functions/domains/exams/review.ts).
 */
export async function getReviewQueue(input: ServiceInput<typeof contracts.getReviewQueue>, ctx: SignedInContext) {
  const { exam_id: examId, study_id: studyId } = input.query;
  const userId = ctx.caller.user.id;
  if (examId) return reviewQueue(ctx, await reviewSourcesOf(userId, examId, emptySources()), true);
  if (studyId) {
    const access = await readableStudy(studyId, ctx.caller.user);
    const examIds = await taskExamsOf([access.study.id]);
    // A member reads the study's task exams; a reader of a public study only the exams readable to anyone.
    const throughStudy = new Set(access.membership?.is_active ? examIds : []);
    return reviewQueue(ctx, { examIds, throughStudy }, false);
  }
  // The caller's projection has no membership count: the memberships are queried.
  return reviewQueue(ctx, await reviewSourcesOf(userId, undefined, activeStudyExams({ id: userId })), false);
}

/** GET /api/review-offline/: the Review screen's download for offline study, over the same sources. */
export async function getOfflineReview(
  input: ServiceInput<typeof offlineContracts.getOfflineReview>,
  ctx: SignedInContext,
) {
  const userId = ctx.caller.user.id;
  const examId = input.query.exam_id;
  if (examId) return offlineReview(ctx, await reviewSourcesOf(userId, examId, emptySources()), true);
  return offlineReview(ctx, await reviewSourcesOf(userId, undefined, activeStudyExams({ id: userId })), false);
}

/**
 * GET /api/due-today/ (home, profile): the counts of the unfiltered Review screen (D298), over the same
 * sources — hence here, beside it.
 */
export async function getDueToday(_input: ServiceInput<typeof dailyContracts.getDueToday>, ctx: SignedInContext) {
  const userId = ctx.caller.user.id;
  return dueSummary(ctx, await reviewSourcesOf(userId, undefined, activeStudyExams({ id: userId })));
}

const emptySources = (): ReviewSources => ({ examIds: [], throughStudy: new Set() });
