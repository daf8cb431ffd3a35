import * as examSheets from '#shared/contracts/exam-sheets.js';
import * as files from '#shared/contracts/files.js';
import { filesSheetsGroup } from '#shared/route-groups/files-sheets.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import {
  downloadExamsSheet,
  exportExamQuestions,
  uploadExamsSheet,
  updateQuestionsFromSheet,
} from '../domains/exams/sheets.js';
import {
  downloadSampleFile,
  exportQuestionFile,
  importUploadedFile,
  previewUploadedFile,
  uploadQuestions,
} from '../domains/files/sheets.js';

/** The spreadsheet routes of the files folder: their own Lambda, so `files` carries no SheetJS (D73). */
export const handler = createGroupHandler(
  filesSheetsGroup,
  [
    bind(files.uploadQuestions, uploadQuestions),
    bind(files.importUploadedFile, importUploadedFile),
    bind(files.previewUploadedFile, previewUploadedFile),
    bind(files.downloadSampleFile, downloadSampleFile),
    bind(files.exportQuestionFile, exportQuestionFile),
    bind(examSheets.exportExamQuestions, exportExamQuestions),
    bind(examSheets.downloadExamsSheet, downloadExamsSheet),
    bind(examSheets.uploadExamsSheet, uploadExamsSheet),
    bind(examSheets.updateQuestionsFromExcel, updateQuestionsFromSheet),
  ],
  { multipartBody: multipartBody() },
);
