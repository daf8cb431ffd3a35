import { listQuestionFiles, updateQuestionFile, type QuestionFile } from '#shared/contracts/files.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** PATCH /api/question-files/{id}/ — the public flag. */
export function setFilePublic(file: QuestionFile, isPublic: boolean) {
  return writeThenInvalidate(
    () => callApi(updateQuestionFile, { params: { name: file.id }, body: { is_public: isPublic } }),
    listQuestionFiles,
  );
}
