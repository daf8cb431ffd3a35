import {
  deleteQuestionFile as route,
  listQuestionFiles,
  questionPoolCount,
  type QuestionFile,
} from '#shared/contracts/files.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** DELETE /api/question-files/{id}/delete/ */
export function deleteQuestionFile(file: QuestionFile) {
  return writeThenInvalidate(() => callApi(route, { params: { name: file.id } }), listQuestionFiles, questionPoolCount);
}
