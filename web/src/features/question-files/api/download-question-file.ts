import { downloadQuestionFile as route, type QuestionFile } from '#shared/contracts/files.js';
import { downloadFile } from '../../../lib/api-client.js';

/** The file's own bytes, saved under its name. */
export function downloadQuestionFile(file: QuestionFile) {
  return downloadFile(route, { params: { name: file.id } }, file.name);
}
