/** The study-progress feature's public entry: the study screens record progress through this hook (spec 4 §7). */
export { useRecordStudyProgress } from './hooks/use-record-study-progress.js';
