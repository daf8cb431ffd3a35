import type { ReviewSources } from '../exams/index.js';
import { correctMembershipCount } from './membership-count.js';
import { MAX_MEMBERSHIPS_LISTED, membershipsOf } from './study-store.js';
import { studyTasks } from './task-store.js';

/**
 * The learner's study task exams (D242): the exams of the tasks of the studies they are an
 * active member of, readable to them through that membership. The one resolver of the Review screen
 * (review-sources.ts), the daily exam (daily-exam-routes.ts) and the daily mail. Reads: the
 * memberships (1 Query), then the tasks of ≤ {@link STUDIES_READ} active studies (1 Query each); none
 * at all when the USER item's `study_memberships` is 0 (D243), so a learner without studies costs the
 * mail nothing more.
 */
export const STUDIES_READ = 5;

/** The exams of these studies' tasks, in task order, once each (1 Query per study). */
export async function taskExamsOf(studyIds: string[]): Promise<string[]> {
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

export interface StudyExamsLearner {
  id: string;
  /** The USER item's count, when the caller read it (the caller's projection does not hold it). */
  study_memberships?: number;
}

/**
 * `learner.study_memberships` as read from the USER item: 0 skips the reads; `correct` (a caller that
 * read the whole USER item) sets a count that differs from the items found.
 */
export async function activeStudyExams(
  learner: StudyExamsLearner,
  options: { correct?: boolean } = {},
): Promise<ReviewSources> {
  if (learner.study_memberships === 0) return { examIds: [], throughStudy: new Set() };
  // Consistent when correcting: a membership written since the USER read moved the count, and the correction's condition fails.
  const memberships = await membershipsOf(learner.id, !!options.correct);
  const active = memberships.filter((m) => m.is_active).slice(0, STUDIES_READ);
  const complete = memberships.length < MAX_MEMBERSHIPS_LISTED;
  const [examIds] = await Promise.all([
    taskExamsOf(active.map((m) => m.study_id)),
    options.correct && complete && memberships.length !== learner.study_memberships
      ? correctMembershipCount(learner.id, learner.study_memberships, memberships.length)
      : undefined,
  ]);
  return { examIds, throughStudy: new Set(examIds) };
}
