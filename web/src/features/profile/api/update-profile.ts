import { getProfile, updateProfile as route } from '#shared/contracts/profile.js';
import type { BodyOf } from '#shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';
import { updateCached } from '../../../lib/use-api.js';

/** PATCH /api/user-profile/update/ — personal details, or the random exam settings. Answers the saved profile. */
export async function updateProfile(body: BodyOf<typeof route>) {
  const profile = await callApi(route, { body });
  await updateCached(getProfile, () => profile);
  return profile;
}
