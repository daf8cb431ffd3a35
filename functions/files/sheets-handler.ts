import * as examSheets from '#shared/contracts/exam-sheets.js';
import * as files from '#shared/contracts/files.js';
import { filesSheetsGroup } from '#shared/route-groups/files-sheets.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';
import { multipartBody } from '../lib/http/multipart-body.js';
import { downloadExamsSheet, uploadExamsSheet } from './exam-sheet.js';
import { updateQuestionsFromSheet } from './exam-questions-sheet.js';
import { downloadSampleFile, importUploadedFile, uploadQuestions } from './sheet-services.js';

/** The spreadsheet routes of the files folder: their own Lambda, so `files` carries no SheetJS (D73). */
export const handler = createGroupHandler(
  filesSheetsGroup,
  [
    bind(files.uploadQuestions, uploadQuestions),
    bind(files.importUploadedFile, importUploadedFile),
    bind(files.downloadSampleFile, downloadSampleFile),
    bind(examSheets.downloadExamsSheet, downloadExamsSheet),
    bind(examSheets.uploadExamsSheet, uploadExamsSheet),
    bind(examSheets.updateQuestionsFromExcel, updateQuestionsFromSheet),
  ],
  { multipartBody: multipartBody() },
);
