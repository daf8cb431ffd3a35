import { startQuestionFileExport as route, type QuestionFile } from '#shared/contracts/files.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/question-files/{id}/export/?format= — starts building the export in the background (202 with the job, D198). */
export function startQuestionFileExport(file: QuestionFile, format: ExportFormat) {
  return callApi(route, { params: { name: file.id }, query: { format } });
}
