import { getProfile, updateRetentionSettings as route } from '#shared/contracts/profile.js';
import { callApi } from '../../../lib/api-client.js';
import { updateCached } from '../../../lib/use-api.js';

/** PATCH /api/user-profile/ — retention cleanup on/off and percentage. Answers the saved profile. */
export async function updateRetentionSettings(enabled: boolean, percentage: number) {
  const profile = await callApi(route, {
    body: { retention_cleanup_enabled: enabled, retention_cleanup_percentage: percentage },
  });
  await updateCached(getProfile, () => profile);
  return profile;
}
