/**
 * The take-exam feature's public entry: the exam detail screen reads the same exam, statistics
 * and ignored list, toggles the same flags and shares the same way, so it uses these from here.
 */
export { useExam } from './api/get-exam.js';
export { useQuestionStatistics } from './api/get-question-statistics.js';
export { useIgnoredQuestions } from './api/get-ignored-questions.js';
export { loadConnectedStudies, type ConnectedStudy } from './api/get-connected-studies.js';
export { setIgnored } from './api/set-ignored.js';
export { toggleFavorite } from './api/toggle-favorite.js';
export { useShareLink } from './hooks/use-share-link.js';
