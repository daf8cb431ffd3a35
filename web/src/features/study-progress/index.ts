/** The study-progress feature's public entry: the study screens record progress through this hook (docs/product.md#study-progress). */
export { useRecordStudyProgress } from './hooks/use-record-study-progress.js';
