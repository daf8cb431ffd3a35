import { createUploadUrl } from '#shared/contracts/files.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/question-files/upload-url/ — a presigned PUT for the file's bytes (the first step of an upload). */
export function requestUploadUrl(file: File) {
  return callApi(createUploadUrl, {
    body: { file_name: file.name, size: file.size, content_type: file.type || undefined },
  });
}
