/** The results feature's public entry: the home shows the newest results, deletable there too. */
export { deleteExamResult } from './api/delete-exam-result.js';
export { withAllDetails } from './api/get-exam-result-details.js';
export { RECENT_RESULTS_COUNT, useRecentResults } from './api/get-exam-results.js';
