import { exportQuestionFile as route, type QuestionFile } from '#shared/contracts/files.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { downloadFile } from '../../../lib/api-client.js';

/** GET /api/question-files/{id}/export/?format=: the stored questions as xlsx, csv or Anki txt. */
export function exportQuestionFile(file: QuestionFile, format: ExportFormat) {
  const base = file.name.replace(/\.[A-Za-z0-9]+$/, '');
  return downloadFile(route, { params: { name: file.id }, query: { format } }, `${base}.${format}`);
}
