// The exams domain's spreadsheet use cases: a second public entry, so only the *-sheets Lambdas carry SheetJS (D85).
export { updateQuestionsFromSheet } from './exam-questions-sheet.js';
export { downloadExamsSheet, uploadExamsSheet } from './exam-sheet.js';
export { buildExamExportJob, examExportJob, exportExamQuestions } from './exam-export.js';
