import { uploadQuestionImage as route } from '#shared/contracts/images.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * POST /api/exam/{examId}/images/ — multipart `file`. Answers the image's URL (ending in
 * `#<width>x<height>`, D135) to write into the question's Markdown; no cached read changes.
 */
export function uploadQuestionImage(examId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(route, { params: { examId }, body });
}
