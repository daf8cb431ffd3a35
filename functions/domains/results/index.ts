export { manualRetentionCleanup, REQUEST_BUDGET_MS, resetUserStatistics } from './learning-data.js';
export { bulkAdjustUserAccuracy, deleteQuestionResults, deleteQuestionResultsGlobal } from './question-results.js';
export { finishPendingResultsDeletions } from './question-stats-deletion.js';
export { runReset } from './reset.js';
export {
  adjustment,
  adjustQuestionAccuracy,
  continueExam,
  deleteExamResult,
  examResultsSummary,
  getExamResult,
  listExamResults,
  questionStatistics,
  submitExam,
} from './results.js';
export { cleanupOldestResults } from './retention.js';
export { runRetentionCleanup, type CleanupReport } from './retention-cleanup.js';
