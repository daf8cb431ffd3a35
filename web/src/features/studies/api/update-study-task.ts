import { connectedStudies } from '#shared/contracts/exams.js';
import { getStudy, listStudyTasks, updateStudyTask as route } from '#shared/contracts/studies.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** PUT /api/study-tasks/{id}/ */
export function updateStudyTask(taskId: string, body: NonNullable<CallInput<typeof route>['body']>) {
  return writeThenInvalidate(
    () => callApi(route, { params: { id: taskId }, body }),
    getStudy,
    listStudyTasks,
    connectedStudies,
  );
}
