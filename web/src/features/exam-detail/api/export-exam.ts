import { startExamExport as route } from '#shared/contracts/exam-sheets.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/exam/{examId}/export/?format= — starts building the exam's export in the background (202 with the job, D198). */
export function startExamExport(examId: string, format: ExportFormat) {
  return callApi(route, { params: { examId }, query: { format } });
}
