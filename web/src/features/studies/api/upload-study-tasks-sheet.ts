import { connectedStudies } from '#shared/contracts/exams.js';
import { getStudy, listStudies, listStudyTasks, uploadStudyTasksSheet as route } from '#shared/contracts/studies.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/studies/upload-excel/ — multipart: `file` and `study_id`. */
export function uploadStudyTasksSheet(studyId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('study_id', studyId);
  return writeThenInvalidate(() => callApi(route, { body }), getStudy, listStudyTasks, listStudies, connectedStudies);
}
