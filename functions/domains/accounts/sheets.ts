export { exportUserData } from './data-export.js';
export { downloadUsersSheet, uploadUsersSheet } from './users-sheet.js';
