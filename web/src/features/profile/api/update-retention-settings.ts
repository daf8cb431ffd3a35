import { updateRetentionSettings as route } from '../../../../../shared/contracts/profile.js';
import { callApi } from '../../../lib/api-client.js';

/** PATCH /api/user-profile/ — retention cleanup on/off and percentage. */
export function updateRetentionSettings(enabled: boolean, percentage: number) {
  return callApi(route, { body: { retention_cleanup_enabled: enabled, retention_cleanup_percentage: percentage } });
}
