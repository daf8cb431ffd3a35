import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { uploadedFileSchema } from './files.js';

const examImageParams = () =>
  z.object({
    examId: z.string().check(z.minLength(1), z.maxLength(100)),
    imageId: z.string().check(z.minLength(1), z.maxLength(100)),
  });

/**
 * POST /api/exam/{examId}/images/ (multipart `file`; editors of the exam): stores a question image
 * under a server-generated key, once its bytes are checked (D136): ≤ 2 MB, PNG, JPEG, WebP or GIF by
 * its magic number (SVG refused), declared size ≤ 8,000 px a side, complete, metadata removed. The
 * answer's `url` ends in `#<width>x<height>`, which the renderer turns into reserved space (D135).
 */
export const uploadQuestionImage = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/images/',
  access: 'signed-in',
  bodyKind: 'multipart',
  schemas: () => ({
    params: z.object({ examId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    body: z.looseObject({ file: uploadedFileSchema() }),
  }),
  response: () =>
    z.object({
      id: z.string(),
      url: z.string(),
      width: z.number().check(z.int()),
      height: z.number().check(z.int()),
      content_type: z.string(),
      bytes: z.number().check(z.int()),
    }),
});

/**
 * GET /api/exam/{examId}/images/{imageId}/: the image bytes for whoever may read the exam (D137):
 * a public exam's images are cacheable for a year (immutable keys), a private exam's are `private,
 * no-store` and answer 404 to anyone else, as the exam does.
 */
export const readQuestionImage = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/images/{imageId}/',
  access: 'public',
  schemas: () => ({ params: examImageParams() }),
});

/**
 * GET /api/file/{fileId}/images/{imageId}/: an image that came with an import (D176), for whoever
 * may read the question file (its owner and admins, anyone when the file is public); exams built from
 * the file keep pointing here. Cached like an exam's image: public a year, private `no-store`.
 */
export const readFileImage = defineRoute({
  method: 'GET',
  path: '/api/file/{fileId}/images/{imageId}/',
  access: 'public',
  schemas: () => ({
    params: z.object({
      fileId: z.string().check(z.minLength(1), z.maxLength(100)),
      imageId: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
  }),
});
