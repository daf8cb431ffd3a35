import { ApiError } from '../../../lib/api-client.js';
import { putWithProgress, type UploadProgress } from '../utils/put-with-progress.js';
import { requestUploadUrl } from './create-upload-url.js';
import { importUpload } from './import-uploaded-file.js';

export type UploadPhase = 'uploading' | 'importing';

/**
 * The browser upload: ask for a presigned URL, PUT the bytes straight to storage
 * (real progress events), then ask the server to validate and import them. The file never
 * passes through a Lambda payload.
 */
/** The first two steps alone: the presigned URL and the PUT; answers the upload id the preview and the import take. */
export async function stageQuestionFile(
  file: File,
  handlers: { onProgress(progress: UploadProgress): void; signal?: AbortSignal },
): Promise<string> {
  const target = await requestUploadUrl(file);
  if (file.size > target.max_bytes) {
    throw new ApiError({ status: 413, code: 'sheet_file_too_large', detail: '' });
  }
  await putWithProgress(target.url, file, {
    headers: target.headers,
    onProgress: handlers.onProgress,
    signal: handlers.signal,
  });
  return target.upload_id;
}

export async function uploadQuestionFile(
  file: File,
  isPublic: boolean,
  handlers: { onPhase(phase: UploadPhase): void; onProgress(progress: UploadProgress): void; signal?: AbortSignal },
) {
  handlers.onPhase('uploading');
  const target = await requestUploadUrl(file);
  if (file.size > target.max_bytes) {
    throw new ApiError({ status: 413, code: 'sheet_file_too_large', detail: '' });
  }
  await putWithProgress(target.url, file, {
    headers: target.headers,
    onProgress: handlers.onProgress,
    signal: handlers.signal,
  });
  handlers.onPhase('importing');
  return importUpload(target.upload_id, file.name, isPublic);
}
