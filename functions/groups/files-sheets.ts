import * as examSheets from '#shared/contracts/exam-sheets.js';
import * as files from '#shared/contracts/files.js';
import { filesSheetsGroup } from '#shared/route-groups/files-sheets.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import { EXPORT_TASK, runExportJob, startExport, type ExportJobInput } from '../domains/accounts/sheets.js';
import {
  buildExamExportJob,
  downloadExamsSheet,
  examExportJob,
  exportExamQuestions,
  uploadExamsSheet,
  updateQuestionsFromSheet,
} from '../domains/exams/sheets.js';
import {
  buildQuestionFileExport,
  downloadSampleFile,
  exportQuestionFile,
  questionFileExportJob,
  importUploadedFile,
  previewUploadedFile,
  uploadQuestions,
} from '../domains/files/sheets.js';

/** The builder of each kind this group starts (D198); the job routes themselves are profile-export's. */
function buildExport(job: ExportJobInput): Promise<Uint8Array> {
  if (job.kind === 'question-file') return buildQuestionFileExport(job.userId, job.params);
  if (job.kind === 'exam-questions') return buildExamExportJob(job.userId, job.params);
  throw new Error(`files-sheets builds no "${job.kind}" export`);
}

/** The spreadsheet routes of the files folder: their own Lambda, so `files` carries no SheetJS (D73). */
export const handler = createGroupHandler(
  filesSheetsGroup,
  [
    bind(files.uploadQuestions, uploadQuestions),
    bind(files.importUploadedFile, importUploadedFile),
    bind(files.previewUploadedFile, previewUploadedFile),
    bind(files.downloadSampleFile, downloadSampleFile),
    bind(files.exportQuestionFile, exportQuestionFile),
    bind(files.startQuestionFileExport, async (input, ctx) => {
      const spec = await questionFileExportJob(input, ctx);
      return startExport(ctx, filesSheetsGroup.name, 'question-file', spec.fileName, spec);
    }),
    bind(examSheets.exportExamQuestions, exportExamQuestions),
    bind(examSheets.startExamExport, async (input, ctx) => {
      const spec = await examExportJob(input, ctx);
      return startExport(ctx, filesSheetsGroup.name, 'exam-questions', spec.fileName, spec);
    }),
    bind(examSheets.downloadExamsSheet, downloadExamsSheet),
    bind(examSheets.uploadExamsSheet, uploadExamsSheet),
    bind(examSheets.updateQuestionsFromExcel, updateQuestionsFromSheet),
  ],
  { multipartBody: multipartBody(), background: { [EXPORT_TASK]: (payload) => runExportJob(payload, buildExport) } },
);
