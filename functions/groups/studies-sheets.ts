import * as studies from '#shared/contracts/studies.js';
import { studiesSheetsGroup } from '#shared/route-groups/studies-sheets.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import { downloadStudyTasksSheet, uploadStudyTasksSheet } from '../domains/studies/sheets.js';

/** The study task sheets: their own Lambda, so `studies` carries no SheetJS (D73). */
export const handler = createGroupHandler(
  studiesSheetsGroup,
  [
    bind(studies.downloadStudyTasksSheet, downloadStudyTasksSheet),
    bind(studies.uploadStudyTasksSheet, uploadStudyTasksSheet),
  ],
  { multipartBody: multipartBody() },
);
