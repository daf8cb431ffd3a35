import { listUsers } from '#shared/contracts/users.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/users/ — admins only; pass false to skip the call for everyone else. */
export function useUsers(enabled: boolean) {
  return useApi(listUsers, enabled ? {} : null);
}
