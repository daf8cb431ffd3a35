/** The question files feature's public entry: the exam create form offers these files as question sources. */
export { useQuestionFiles } from './api/get-question-files.js';
export { ExportMenu } from './components/export-menu.js';
export { useQuestionExport } from './hooks/use-question-export.js';
