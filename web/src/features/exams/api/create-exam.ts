import { createExam as route } from '#shared/contracts/exam-creation.js';
import { listExams } from '#shared/contracts/exams.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export type CreateExamBody = BodyOf<typeof route>;

/** POST /api/create-exam/ */
export function createExam(body: CreateExamBody) {
  return writeThenInvalidate(() => callApi(route, { body }), listExams);
}
