import { importUploadedFile, listQuestionFiles, questionPoolCount } from '#shared/contracts/files.js';
import type { ColumnRole, SheetReading } from '#shared/domain/question-sheet.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/**
 * POST /api/question-files/import/ — validates and imports uploaded bytes (the last step of an
 * upload), with the mapping and the reading the learner confirmed in the preview.
 */
export function importUpload(
  uploadId: string,
  fileName: string,
  isPublic: boolean,
  choices: { mapping?: ColumnRole[]; reading?: SheetReading } = {},
) {
  return writeThenInvalidate(
    () =>
      callApi(importUploadedFile, {
        body: { upload_id: uploadId, file_name: fileName, is_public: isPublic, ...choices },
      }),
    listQuestionFiles,
    questionPoolCount,
  );
}
