// The files domain's spreadsheet use cases: a second public entry, so only the *-sheets Lambdas carry SheetJS (D85).
export {
  buildQuestionFileExport,
  downloadSampleFile,
  exportQuestionFile,
  exportReply,
  questionFileExportJob,
  type BackgroundExportSpec,
  importUploadedFile,
  previewUploadedFile,
  uploadQuestions,
} from './file-sheets.js';
export { EXPORT_CONTENT_TYPES, exportFileName, exportQuestions, exportedQuestion } from './exporter.js';
export { importQuestionSheet, readQuestionSheet } from './importer/import.js';
export {
  deleteImportedImages,
  importMedia,
  prepareImportedImages,
  storeImportedImages,
  type ImageOwner,
  type ImageWarning,
  type PreparedImages,
} from './importer/import-images.js';
/** The sniff and workbook reader, loaded on first use (D501). */
export const workbookReader = () => import('./importer/workbook-reader.js');
export { SAMPLE_QUESTIONS } from './sample-questions.js';
export { questionsWorkbook } from './samples.js';
