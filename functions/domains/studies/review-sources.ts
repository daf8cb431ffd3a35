import type * as contracts from '#shared/contracts/review.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { reviewQueue, reviewSourcesOf, type ReviewSources } from '../exams/index.js';
import { readableStudy } from './study-access.js';
import { membershipsOf } from './study-store.js';
import { studyTasks } from './task-store.js';

/**
 * GET /api/review-queue/ (issue 26): the Review screen's sources are the caller's subscribed exams
 * and the exams of the tasks of the studies they are an active member of (or, filtered, one exam or
 * one study's task exams). Here because only the studies domain knows tasks; the queue itself is the
 * exams domain's (functions/domains/exams/review.ts). Studies whose tasks are read: at most
 * {@link STUDIES_READ} (1 Query each), so a page's requests stay bounded.
 */
export const STUDIES_READ = 5;

async function studyExams(studyIds: string[]): Promise<string[]> {
  const tasks = await Promise.all(studyIds.map((id) => studyTasks(id)));
  return [
    ...new Set(
      tasks
        .flat()
        .map((t) => t.exam_id)
        .filter((id): id is string => !!id),
    ),
  ];
}

export async function getReviewQueue(input: ServiceInput<typeof contracts.getReviewQueue>, ctx: SignedInContext) {
  const { exam_id: examId, study_id: studyId } = input.query;
  if (examId) return reviewQueue(ctx, await reviewSourcesOf(ctx, examId, emptySources()), true);
  if (studyId) {
    const access = await readableStudy(studyId, ctx.caller.user);
    const examIds = await studyExams([access.study.id]);
    // A member reads the study's task exams; a reader of a public study only the exams readable to anyone.
    const throughStudy = new Set(access.membership?.is_active ? examIds : []);
    return reviewQueue(ctx, { examIds, throughStudy }, false);
  }
  const active = (await membershipsOf(ctx.caller.user.id)).filter((m) => m.is_active).slice(0, STUDIES_READ);
  const examIds = await studyExams(active.map((m) => m.study_id));
  const sources = await reviewSourcesOf(ctx, undefined, { examIds, throughStudy: new Set(examIds) });
  return reviewQueue(ctx, sources, false);
}

const emptySources = (): ReviewSources => ({ examIds: [], throughStudy: new Set() });
