import * as examSheets from '#shared/contracts/exam-sheets.js';
import * as files from '#shared/contracts/files.js';
import { filesGroup } from '#shared/route-groups/files.js';
import { downloadExamsSheet, uploadExamsSheet } from './exam-sheet.js';
import { updateQuestionsFromSheet } from './exam-questions-sheet.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';
import * as services from './services.js';

export const handler = createGroupHandler(filesGroup, [
  bind(files.uploadQuestions, services.uploadQuestions),
  bind(files.createUploadUrl, services.createUploadUrl),
  bind(files.importUploadedFile, services.importUploadedFile),
  bind(files.listQuestionFiles, services.listQuestionFiles),
  bind(files.checkExistingFile, services.checkExistingFile),
  bind(files.updateQuestionFile, services.updateQuestionFile),
  bind(files.deleteQuestionFile, services.deleteQuestionFile),
  bind(files.downloadQuestionFile, services.downloadQuestionFile),
  bind(files.downloadSampleFile, services.downloadSampleFile),
  bind(files.questionPoolCount, services.questionPoolCount),
  bind(examSheets.downloadExamsSheet, downloadExamsSheet),
  bind(examSheets.uploadExamsSheet, uploadExamsSheet),
  bind(examSheets.updateQuestionsFromExcel, updateQuestionsFromSheet),
]);
