/** The exams feature's public entry: the profile lists the exams the user created, which this feature owns. */
export { useMyExams } from './api/get-exams.js';
