/** The exams feature's public entry: the profile lists the exams the user created, which this feature owns. */
export { useMyExams } from './api/get-exams.js';
/** The session summary and the mistakes review retry the wrong answers through this feature's wrong-questions call. */
export { createWrongQuestionsExam } from './api/create-wrong-questions-exam.js';
