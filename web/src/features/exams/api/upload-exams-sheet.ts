import { uploadExamsSheet as route } from '#shared/contracts/exam-sheets.js';
import { listExams } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** Admin: POST /api/exams/upload-excel/ — multipart, field `file`. */
export function uploadExamsSheet(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return writeThenInvalidate(() => callApi(route, { body }), listExams);
}
