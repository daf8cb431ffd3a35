// The results domain's public face (submits, results, statistics jobs, resets and retention); it may import only users, tags, files, learning, exams, studies (through their index.ts). docs/architecture.md §1.6.
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
  getExamResultDetails,
  listExamResults,
  questionStatistics,
  submitExam,
} from './results.js';
export { saveRandomPracticeResult } from './practice.js';
export { cleanupOldestResults } from './retention.js';
export {
  cleanupShard,
  planRetentionCleanup,
  runCleanupSweeps,
  type CleanupSweeps,
  type CleanupTask,
  type ShardCleanup,
} from './retention-cleanup.js';
export { closeSitting, deleteSittingsOf, endSitting, getSitting, saveSitting, sittingsOf } from './sittings.js';
