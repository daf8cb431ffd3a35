// The accounts domain's spreadsheet use cases: a second public entry, so only the *-sheets Lambdas carry SheetJS (D85).
export { buildExportWorkbook, startUserDataExport } from './data-export.js';
export { buildUsersSheet, downloadUsersSheet, USERS_SHEET_FILE, uploadUsersSheet } from './users-sheet.js';
export {
  downloadExport,
  EXPORT_TASK,
  getExportJob,
  runExportJob,
  startExport,
  type ExportJobInput,
} from './export-jobs.js';
