import { onDemand } from '../on-demand.js';
import { retry } from '../retry.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra message headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
  /** SES message tags: they come back in the configuration set's bounce and complaint events. */
  tags?: Record<string, string>;
}

/** SES answers these when the account's send rate or quota is exceeded (SES v2 `TooManyRequestsException`, v1 `Throttling`). */
export function isSesThrottling(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  return (
    name === 'TooManyRequestsException' ||
    name === 'ThrottlingException' ||
    name === 'Throttling' ||
    (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 429
  );
}

/**
 * SES refusals that another attempt minutes later would meet again (a rejected message or address,
 * an unverified sender): the daily mail's shard retry skips them; the rest (throttling past its
 * retries, SES or network errors) are worth a retry.
 */
export function isPermanentSendFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  return ['MessageRejected', 'BadRequestException', 'MailFromDomainNotVerifiedException', 'NotFoundException'].includes(
    name,
  );
}

/** Throttled sends are retried with exponential backoff and jitter (functions/runtime/retry.ts): 6 attempts, up to ~6 s in all. */
const THROTTLE_RETRY = { attempts: 6, baseMs: 200, maxMs: 3_000 };

// The SES client (~60 KB bundled) is a chunk read on the first send (D106): the auth group's
// sign-in routes never send mail.
const sendThroughSes = onDemand(() => import('./ses-send.js'), 'sendThroughSes');

/** One message through SES v2 (the SES emulator locally), retried while SES throttles. */
export async function sendMail(mail: Mail): Promise<void> {
  await retry(() => sendThroughSes(mail), { ...THROTTLE_RETRY, shouldRetry: isSesThrottling });
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
