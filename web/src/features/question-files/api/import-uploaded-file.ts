import {
  importUploadedFile,
  listQuestionFiles,
  previewUploadedFile,
  questionPoolCount,
} from '#shared/contracts/files.js';
import type { ColumnRole } from '#shared/domain/question-sheet.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/question-files/import/ — validates and imports uploaded bytes (the last step of an upload), with the mapping the user confirmed. */
export function importUpload(uploadId: string, fileName: string, isPublic: boolean, mapping?: ColumnRole[]) {
  return writeThenInvalidate(
    () =>
      callApi(importUploadedFile, { body: { upload_id: uploadId, file_name: fileName, is_public: isPublic, mapping } }),
    listQuestionFiles,
    questionPoolCount,
  );
}

/** POST /api/question-files/preview/ — how the uploaded bytes would be imported (with a mapping, that mapping); nothing is written. */
export function previewUpload(uploadId: string, fileName: string, mapping?: ColumnRole[]) {
  return callApi(previewUploadedFile, { body: { upload_id: uploadId, file_name: fileName, mapping } });
}
