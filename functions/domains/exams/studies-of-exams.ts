import type { StudyMemberRole } from '#shared/domain/study-roles.js';

/**
 * What exams need from the studies that link them. Studies sit above exams in the domain order (a
 * study's task links an exam, its practice pool counts the exam's questions), so exams cannot import
 * them: the studies domain provides these when it loads (domains/studies/exam-links.ts). Every
 * process that serves exams loads it — the route groups on first use (functions/groups/group-handler.ts),
 * anything else by importing domains/studies/index.js.
 */
export interface StudiesOfExams {
  /** The user's memberships of these studies, by study id (the access rule through a linking study). */
  memberships(userId: string, studyIds: string[]): Promise<Map<string, { is_active: boolean; role: StudyMemberRole }>>;
  /** Clears a deleted exam from a task that links it, with the study's pool counters. */
  unlinkTask(taskId: string, studyId: string, examId: string): Promise<void>;
}

let provided: StudiesOfExams | null = null;
let loader: (() => Promise<unknown>) | null = null;

/** Called once by the studies domain as it loads. */
export function provideStudiesOfExams(studies: StudiesOfExams): void {
  provided = studies;
}

/**
 * How to load the studies domain when an exam first asks for it (the route groups: most requests
 * never do, and it brings the exams and studies domains into a group's init, D478). Loading it
 * provides the real thing.
 */
export function loadStudiesOfExamsOnDemand(load: () => Promise<unknown>): void {
  loader = load;
}

const notLoaded = () =>
  new Error('exams: the studies domain is not loaded in this process (import functions/domains/studies/index.js)');

const loaded = async (): Promise<StudiesOfExams> => {
  if (!provided && loader) await loader();
  if (!provided) throw notLoaded();
  return provided;
};

/** Fails loudly rather than answer as if no study linked the exam. */
export function studiesOfExams(): StudiesOfExams {
  if (provided) return provided;
  if (!loader) throw notLoaded();
  return {
    memberships: async (userId, studyIds) => (await loaded()).memberships(userId, studyIds),
    unlinkTask: async (taskId, studyId, examId) => (await loaded()).unlinkTask(taskId, studyId, examId),
  };
}
