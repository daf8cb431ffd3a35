import { importUploadedFile, listQuestionFiles, questionPoolCount } from '#shared/contracts/files.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/question-files/import/ — validates and imports uploaded bytes (the last step of an upload). */
export function importUpload(uploadId: string, fileName: string, isPublic: boolean) {
  return writeThenInvalidate(
    () => callApi(importUploadedFile, { body: { upload_id: uploadId, file_name: fileName, is_public: isPublic } }),
    listQuestionFiles,
    questionPoolCount,
  );
}
