/**
 * The daily exam feature's public entry: the home card and exam management open today's exam
 * through this hook (docs/product.md#daily-quiz, #errors); the exam detail screen will too.
 */
export { useOpenDailyExam } from './hooks/use-open-daily-exam.js';
