import * as examSheets from '../contracts/exam-sheets.js';
import * as files from '../contracts/files.js';
import type { RouteGroup } from '../route-group.js';

export const filesGroup: RouteGroup = {
  name: 'files',
  handler: 'functions/files/handler.ts',
  // Parses spreadsheets of up to 10 MB (100 MB uncompressed) in memory.
  memoryMb: 1536,
  timeoutSeconds: 29,
  routes: [
    files.uploadQuestions,
    files.createUploadUrl,
    files.importUploadedFile,
    files.listQuestionFiles,
    files.checkExistingFile,
    files.updateQuestionFile,
    files.deleteQuestionFile,
    files.downloadQuestionFile,
    files.downloadSampleFile,
    files.questionPoolCount,
    // The admin exam sheets parse and write xlsx: here, so the exams Lambda does not carry SheetJS.
    examSheets.downloadExamsSheet,
    examSheets.uploadExamsSheet,
    // Updates an exam's questions from a sheet: parsed here for the same reason.
    examSheets.updateQuestionsFromExcel,
  ],
  access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write' },
};
