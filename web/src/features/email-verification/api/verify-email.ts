import { verifyEmail as route } from '#shared/contracts/auth.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * A link works once, so one request per token per page load: React's development double
 * effects (and a re-render) share the same answer instead of spending the token twice.
 */
const inFlight = new Map<string, ReturnType<typeof callApi<typeof route>>>();

/** GET /api/verify-email/{token}/ */
export function verifyEmail(token: string) {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = callApi(route, { params: { token } });
    inFlight.set(token, pending);
  }
  return pending;
}
