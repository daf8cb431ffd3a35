/**
 * The take-exam feature's public entry: the result detail screen lists mistakes the way the
 * session summary does. (The layout places the summary itself: app/ imports its host directly.)
 */
export { ReviewList } from './components/review-list.js';
export { RetryWrongButton } from './components/retry-wrong-button.js';
export { SummaryStats } from './components/summary-stats.js';
export { useExam } from './api/get-exam.js';
export { reviewEntries } from './utils/session-summary.js';
