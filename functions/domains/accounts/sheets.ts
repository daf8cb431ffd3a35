// The accounts domain's spreadsheet use cases: a second public entry, so only the *-sheets Lambdas carry SheetJS (D85).
export { exportUserData } from './data-export.js';
export { downloadUsersSheet, uploadUsersSheet } from './users-sheet.js';
