import type { OfflineGrade } from '#shared/contracts/review-sync.js';
import { rememberCsrfToken, type OfflineDb } from './offline-db.js';
import { createOutbox, outboxLockName, type SyncAnswer } from './outbox.js';

/**
 * Background Sync of the outbox (docs/architecture.md "Offline study", D446). The page registers a
 * one-shot `sync` named after the user whenever a grade waits; the browser fires it in the service
 * worker once the device is online, even with the app closed. The worker sends with the CSRF token the
 * page kept in the `meta` store (a worker cannot read cookies) and only for the user signed in now.
 * Anything it cannot settle (a refused token, another user, no token) stays in the outbox for the
 * page's own sender (`online`, focus); a failed connection is left to the browser's retry.
 */

const TAG_PREFIX = 'review-outbox:';

export const syncTag = (userId: string) => `${TAG_PREFIX}${userId}`;

/** The user whose outbox a tag names; null for another tag. */
export const userOfSyncTag = (tag: string): string | null =>
  tag.startsWith(TAG_PREFIX) && tag.length > TAG_PREFIX.length ? tag.slice(TAG_PREFIX.length) : null;

/** The message the worker posts to the app's windows after it acknowledged grades. */
export const SYNCED_MESSAGE = 'review-outbox-synced';

/**
 * 'sent': the outbox is empty; 'retry': a connection or server failure (the browser fires the sync again
 * later); 'page': left for the page (no token, the token refused, another user or none signed in).
 */
export type WorkerSyncOutcome = 'sent' | 'retry' | 'page';

class Refused extends Error {}

const JSON_HEADERS = { Accept: 'application/json' };

function isSyncAnswer(value: unknown): value is SyncAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<SyncAnswer>;
  return Array.isArray(answer.results) && Array.isArray(answer.cards);
}

/** A 4xx other than throttling will not change on a retry by the browser: the page takes over. */
const final = (status: number) => status >= 400 && status < 500 && status !== 429;

/** The signed-in user's id (null when nobody is); throws when the server could not be asked. */
async function signedInUser(fetcher: typeof fetch): Promise<string | null> {
  const response = await fetcher('/api/auth/status/', { credentials: 'same-origin', headers: JSON_HEADERS });
  if (!response.ok) throw new Error(`auth status ${response.status}`);
  const body = (await response.json()) as { user?: { id?: unknown } | null };
  return typeof body.user?.id === 'string' ? body.user.id : null;
}

/**
 * The worker's send of one user's outbox, with the page's sender (outbox.ts: oldest first, deleted only
 * when acknowledged, under the same Web Lock, so the page and the worker never send at once).
 */
export async function flushFromWorker({
  db,
  userId,
  fetcher,
}: {
  db: OfflineDb;
  userId: string;
  fetcher: typeof fetch;
}): Promise<{ outcome: WorkerSyncOutcome; acknowledged: number }> {
  if ((await db.count('outbox')) === 0) return { outcome: 'sent', acknowledged: 0 };
  const token = (await db.get('meta', 'review'))?.csrf_token;
  if (!token) return { outcome: 'page', acknowledged: 0 };
  try {
    // The session is the browser's, not the outbox's: another user's grades must never be sent under it.
    if ((await signedInUser(fetcher)) !== userId) return { outcome: 'page', acknowledged: 0 };
  } catch {
    return { outcome: 'retry', acknowledged: 0 };
  }
  let refused = false;
  const send = async (records: OfflineGrade[]): Promise<SyncAnswer> => {
    const response = await fetcher('/api/review-sync/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...JSON_HEADERS, 'Content-Type': 'application/json', 'X-CSRFToken': token },
      body: JSON.stringify({ records }),
    });
    if (final(response.status)) {
      refused = true;
      throw new Refused(`review-sync ${response.status}`);
    }
    if (!response.ok) throw new Error(`review-sync ${response.status}`);
    const answer: unknown = await response.json();
    if (!isSyncAnswer(answer)) throw new Error('review-sync answer');
    return answer;
  };
  const result = await createOutbox({ db, send, lockName: outboxLockName(userId) }).flush();
  const outcome = result.left === 0 ? 'sent' : refused ? 'page' : 'retry';
  return { outcome, acknowledged: result.acknowledged };
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * After a grade went to the outbox: keeps the page's CSRF token for the worker and asks the browser for a
 * sync. Without a service worker or Background Sync (Firefox, Safari) nothing happens: the page sends.
 */
export async function requestBackgroundSync(db: OfflineDb, userId: string, csrfToken: () => Promise<string | null>) {
  const registration: (ServiceWorkerRegistration & SyncRegistration) | undefined =
    await navigator.serviceWorker?.getRegistration();
  if (!registration?.sync) return;
  const token = await csrfToken();
  if (token) await rememberCsrfToken(db, token);
  // Refused in some contexts (permission, a private window): the page's sender remains.
  await registration.sync.register(syncTag(userId)).catch(() => undefined);
}
