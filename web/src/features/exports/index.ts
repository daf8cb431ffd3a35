/** The exports feature's public entry: a background export started by another feature's button (D195). */
export { useBackgroundExport } from './hooks/use-background-export.js';
