import { importFromConnectedFile, updateQuestionsFromExcel } from '#shared/contracts/exam-sheets.js';
import { getExam } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/exam/{id}/update-questions-from-excel/ — multipart `file`; matched by question id, all or nothing. */
export function updateQuestionsFromSheet(examId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return writeThenInvalidate(() => callApi(updateQuestionsFromExcel, { params: { examId }, body }), getExam);
}

/** POST /api/exam/{id}/import-from-connected-file/ — adds the source file's questions the exam lacks. */
export function importConnectedFile(examId: string) {
  return writeThenInvalidate(() => callApi(importFromConnectedFile, { params: { examId }, body: {} }), getExam);
}
