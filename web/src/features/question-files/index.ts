/** The question files feature's public entry: the exam create form offers these files as question sources. */
export { useQuestionFiles } from './api/get-question-files.js';
export { ExportMenu } from './components/export-menu.js';
export { useQuestionExport } from './hooks/use-question-export.js';
// The notes screen saves what it made through the same upload and import as a question file.
export { checkExisting } from './api/check-existing-file.js';
export { importUpload } from './api/import-uploaded-file.js';
export { stageQuestionFile } from './api/upload-question-file.js';
export { ImportReport } from './components/import-report.js';
export { importStatsLine } from './utils/import-stats-line.js';
