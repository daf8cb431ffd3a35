import { exportExamQuestions as route } from '#shared/contracts/exam-sheets.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { downloadFile } from '../../../lib/api-client.js';

/** GET /api/exam/{examId}/export/?format=: the exam's questions as xlsx, csv or Anki txt. */
export function exportExam(examId: string, title: string, format: ExportFormat) {
  return downloadFile(route, { params: { examId }, query: { format } }, `${title || 'exam'}.${format}`);
}
