import { updateProfile as updateProfileRoute } from '../../../../../shared/contracts/profile.js';
import type { BodyOf } from '../../../../../shared/contracts/define-route.js';
import { callApi } from '../../../lib/api-client.js';

/** PATCH /api/user-profile/update/ — personal details, or the random exam settings. */
export function updateProfile(body: BodyOf<typeof updateProfileRoute>) {
  return callApi(updateProfileRoute, { body });
}
