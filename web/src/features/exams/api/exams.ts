import {
  bulkToggleSubscription,
  createExam as createExamRoute,
  deleteExamLegacy,
  downloadExamsSheet as downloadSheetRoute,
  listExams,
  retakeExam as retakeRoute,
  toggleOriginal as toggleOriginalRoute,
  uploadExamsSheet as uploadSheetRoute,
  wrongQuestionsExam,
} from '../../../../../shared/contracts/exams.js';
import type { BodyOf } from '../../../../../shared/contracts/define-route.js';
import { LIMITS } from '../../../../../shared/domain/limits.js';
import { callApi, downloadFile } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';
import { examsSheetName } from '../utils/sheet-summary.js';

export type CreateExamBody = BodyOf<typeof createExamRoute>;

/** POST /api/create-exam/ */
export function createExam(body: CreateExamBody) {
  return callApi(createExamRoute, { body });
}

/** DELETE /api/exam/{id}/delete/ — the exam management form of the call (spec 3 §7). */
export function deleteExam(examId: string) {
  return callApi(deleteExamLegacy, { params: { examId } });
}

export function retakeExam(examId: string) {
  return callApi(retakeRoute, { params: { examId }, body: {} });
}

export function createWrongQuestionsExam(examId: string) {
  return callApi(wrongQuestionsExam, { params: { examId }, body: {} });
}

export function toggleOriginal(examId: string) {
  return callApi(toggleOriginalRoute, { params: { examId }, body: {} });
}

export function changeSubscriptions(examIds: string[], action: 'subscribe' | 'unsubscribe') {
  return callApi(bulkToggleSubscription, { body: { exam_ids: examIds, action } });
}

/** Admin: every exam as exams_{timestamp}.xlsx. */
export function downloadExamsSheet() {
  return downloadFile(downloadSheetRoute, {}, examsSheetName());
}

export function uploadExamsSheet(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(uploadSheetRoute, { body });
}

/** The caller's own exams' titles, for the duplicate-title check of the create form. */
export function useMyExamTitles(enabled = true) {
  return useApi(
    listExams,
    enabled ? { query: { my_exams: 'true', page_size: LIMITS.examListPageSize, select: 'title,title_ko,title_en' } } : null,
  );
}
