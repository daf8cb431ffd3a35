// The studies domain's spreadsheet use cases: a second public entry, so only the *-sheets Lambdas carry SheetJS (D85).
export { downloadStudyTasksSheet, uploadStudyTasksSheet } from './task-sheets.js';
