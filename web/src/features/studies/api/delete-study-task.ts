import { connectedStudies } from '#shared/contracts/exams.js';
import { deleteStudyTask as route, getStudy, listStudies, listStudyTasks } from '#shared/contracts/studies.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

const changed = [getStudy, listStudyTasks, listStudies, connectedStudies];

/** DELETE /api/study-tasks/{id}/ */
export function deleteStudyTask(taskId: string) {
  return writeThenInvalidate(() => callApi(route, { params: { id: taskId } }), ...changed);
}

/** docs/product.md#studies: a bulk delete is one call per task; a failure does not stop the rest. */
export function deleteStudyTasks(taskIds: readonly string[]): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const id of taskIds) {
        try {
          await callApi(route, { params: { id } });
          done += 1;
        } catch (error) {
          console.warn('bulk delete: one task failed', id, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    ...changed,
  );
}
