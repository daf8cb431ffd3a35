export { downloadStudyTasksSheet, uploadStudyTasksSheet } from './task-sheets.js';
