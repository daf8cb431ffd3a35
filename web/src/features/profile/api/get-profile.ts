import { getProfile } from '#shared/contracts/profile.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/user-profile/get/ — the profile screen's fields. */
export function useProfile() {
  return useApi(getProfile);
}
