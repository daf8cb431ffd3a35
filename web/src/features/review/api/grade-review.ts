import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { gradeReview, listLeeches } from '#shared/contracts/review.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidate } from '../../../lib/use-api.js';

export type GradeBody = BodyOf<typeof gradeReview>;

/**
 * POST /api/review-grade/ — one grade, sent again with the same `grade_id` until it is through (the
 * server applies an id once). The Review screen keeps its own queue, so only the home count and the
 * leech list are refreshed (the leech list only when this grade made one).
 */
export async function sendGrade(body: GradeBody) {
  const answer = await callApi(gradeReview, { body });
  await invalidate(getDueToday, ...(answer.leech ? [listLeeches] : []));
  return answer;
}
