/**
 * The daily exam feature's public entry: the home card and exam management open today's exam
 * through this hook (spec 1 §2, §8; spec 3 §7, §8); the exam detail screen will too.
 */
export { useOpenDailyExam } from './hooks/use-open-daily-exam.js';
