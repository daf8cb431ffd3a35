export { updateQuestionsFromSheet } from './exam-questions-sheet.js';
export { downloadExamsSheet, uploadExamsSheet } from './exam-sheet.js';
