/**
 * The review feature's public entry. Exam detail flags the learner's leeches in its question list
 * with the same read the Review screen lists them from.
 */
export { useLeeches } from './api/get-leeches.js';
