import { openDailyExam as openDailyExamRoute } from '#shared/contracts/daily-quiz.js';
import { listExams } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';
import { examOrThrow } from './daily-exam-answer.js';

/**
 * POST /api/daily-exam/ — today's exam, built by the first call of the day. An action (the home
 * card, the mail's link), not a cached read: no SWR hook, and the exam lists load again since a
 * new personal exam may exist.
 */
export function openDailyExam() {
  return writeThenInvalidate(async () => examOrThrow(await callApi(openDailyExamRoute)), listExams);
}
