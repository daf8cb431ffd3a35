import { listMyJoinRequests } from '#shared/contracts/study-members.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/study-join-request/user/ — the caller's requests (the id a cancel needs); `enabled` false waits. */
export function useMyJoinRequests(enabled: boolean) {
  return useApi(listMyJoinRequests, enabled ? {} : null);
}
