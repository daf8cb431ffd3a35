import * as examSheets from '../contracts/exam-sheets.js';
import * as files from '../contracts/files.js';
import type { RouteGroup } from '../route-group.js';

/**
 * The question-file and exam routes that read or write spreadsheets (SheetJS, csv-parse): their own
 * Lambda, so the everyday routes of `files` and `exams` load none of it at cold start (D28, D73).
 */
export const filesSheetsGroup: RouteGroup = {
  name: 'files-sheets',
  handler: 'functions/groups/files-sheets.ts',
  // Parses spreadsheets of up to 10 MB (100 MB uncompressed) in memory.
  memoryMb: 1536,
  timeoutSeconds: 29,
  // Builds file and exam exports in an asynchronous invocation of itself (D195, D198).
  background: { timeoutSeconds: 900 },
  routes: [
    files.uploadQuestions,
    files.importUploadedFile,
    files.previewUploadedFile,
    files.downloadSampleFile,
    // Exports write xlsx/csv/txt with SheetJS: here, as the imports.
    files.exportQuestionFile,
    files.startQuestionFileExport,
    examSheets.exportExamQuestions,
    examSheets.startExamExport,
    // The admin exam sheets parse and write xlsx: here, so the exams Lambda does not carry SheetJS.
    examSheets.downloadExamsSheet,
    examSheets.uploadExamsSheet,
    // Updates an exam's questions from a sheet: parsed here for the same reason.
    examSheets.updateQuestionsFromExcel,
  ],
  // Ephemeral `write`: the export jobs it starts (D198).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
};
