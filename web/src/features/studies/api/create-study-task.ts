import { connectedStudies } from '#shared/contracts/exams.js';
import { createStudyTask as route, getStudy, listStudies, listStudyTasks } from '#shared/contracts/studies.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type StudyTaskBody = NonNullable<CallInput<typeof route>['body']>;

/** POST /api/study-tasks/ */
export function createStudyTask(body: StudyTaskBody) {
  return writeThenInvalidate(() => callApi(route, { body }), getStudy, listStudyTasks, listStudies, connectedStudies);
}

/**
 * docs/product.md#studies: copying tasks is one POST per source task, one after another; a failure does not
 * stop the rest. The study loads again once, at the end.
 */
export function copyStudyTasks(bodies: readonly StudyTaskBody[]): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const body of bodies) {
        try {
          await callApi(route, { body });
          done += 1;
        } catch (error) {
          console.warn('copy tasks: one task failed', error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    getStudy,
    listStudyTasks,
    listStudies,
    connectedStudies,
  );
}
