import { ApiError } from '../../../lib/api-client.js';

/** The server's code for a verification link past its 24 hours (a used or unknown link has another). */
export const EXPIRED_LINK_CODE = 'verification_token_expired';

/** docs/product.md#email-verification: the error offers a retry when the link expired — told by the server's code, whatever the language. */
export function isExpiredLinkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === EXPIRED_LINK_CODE;
}
