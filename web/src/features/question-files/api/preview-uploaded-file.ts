import { previewUploadedFile } from '#shared/contracts/files.js';
import type { ColumnRole, SheetReading } from '#shared/domain/question-sheet.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * POST /api/question-files/preview/ — how the uploaded bytes would be imported with the given
 * mapping and reading (each left out: proposed, detected); nothing is written.
 */
export function previewUpload(
  uploadId: string,
  fileName: string,
  choices: { mapping?: ColumnRole[]; reading?: SheetReading } = {},
) {
  return callApi(previewUploadedFile, { body: { upload_id: uploadId, file_name: fileName, ...choices } });
}
