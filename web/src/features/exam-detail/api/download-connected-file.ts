import { downloadQuestionFile as route } from '#shared/contracts/files.js';
import { downloadFile } from '../../../lib/api-client.js';

/** GET /api/question-files/{file_name}/download/ — the exam's connected question file. */
export function downloadConnectedFile(fileName: string) {
  return downloadFile(route, { params: { name: fileName } }, fileName);
}
