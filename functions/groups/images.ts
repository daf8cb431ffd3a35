import * as images from '#shared/contracts/images.js';
import { imagesGroup } from '#shared/route-groups/images.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import { readQuestionImage, uploadQuestionImage } from '../domains/exams/index.js';
import { readFileImage } from '../domains/files/index.js';

/** Question images: upload (multipart) and read, by the exam's rules (D136, D137); an import's images by the file's (D176). */
export const handler = createGroupHandler(
  imagesGroup,
  [
    bind(images.uploadQuestionImage, uploadQuestionImage),
    bind(images.readQuestionImage, readQuestionImage),
    bind(images.readFileImage, readFileImage),
  ],
  { multipartBody: multipartBody() },
);
