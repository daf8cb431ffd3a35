import { getMemoryFit } from '#shared/contracts/memory-fit.js';
import { getProfile, updateProfile as route } from '#shared/contracts/profile.js';
import { getReviewActivity } from '#shared/contracts/review-activity.js';
import { getReviewQueue } from '#shared/contracts/review.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidate, updateCached } from '../../../lib/use-api.js';

/**
 * PATCH /api/user-profile/update/ — personal details, the learner's day, the review settings or
 * the random exam settings. Answers the saved profile. The desired retention is shown by the
 * memory-fit card, and the day and limits shape the review queue and its forecast: those reload.
 */
export async function updateProfile(body: BodyOf<typeof route>) {
  const profile = await callApi(route, { body });
  await updateCached(getProfile, () => profile);
  await invalidate(getMemoryFit, getReviewQueue, getReviewActivity);
  return profile;
}
