import { googleOauthConfig } from '#shared/contracts/auth.js';
import { currentHost } from '../../../lib/host.js';
import { useApi } from '../../../lib/use-api.js';

/**
 * GET /api/google-oauth/config/?domain= — the Google buttons show only when a client id comes
 * back. A failed answer hides them too (and is not retried: the button is optional).
 */
export function useGoogleConfig() {
  return useApi(
    googleOauthConfig,
    { query: { domain: currentHost() } },
    { shouldRetryOnError: false, revalidateIfStale: false },
  );
}
