import { flushFromWorker, SYNCED_MESSAGE, userOfSyncTag } from '../lib/offline/background-sync.js';
import { openOfflineDb } from '../lib/offline/offline-db.js';
import { OFFLINE_IMAGE_PATH, offlineImage } from '../lib/offline/offline-images.js';

/**
 * Our code in the service worker (D446): the generated Workbox worker loads this script
 * (`importScripts`, web/vite.config.ts) and it answers Background Sync's `sync` event by sending the
 * outbox (lib/offline/background-sync.ts). Built on its own as a classic script (`sw-review-sync.js`).
 */

interface SyncEvent extends Event {
  readonly tag: string;
  readonly lastChance: boolean;
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface WorkerScope {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  location: { origin: string };
  fetch: typeof fetch;
  clients: { matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
}

declare const self: WorkerScope;

async function sendOutbox(userId: string, lastChance: boolean) {
  const db = await openOfflineDb(userId);
  try {
    const { outcome, acknowledged } = await flushFromWorker({ db, userId, fetcher: (...args) => self.fetch(...args) });
    if (acknowledged > 0)
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: SYNCED_MESSAGE });
    // A rejected sync is fired again later by the browser (a few times, minutes apart); the page's sender remains.
    if (outcome === 'retry' && !lastChance) throw new Error('review outbox: will retry');
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  const userId = userOfSyncTag(event.tag);
  if (userId) event.waitUntil(sendOutbox(userId, event.lastChance));
});

// Registered before Workbox's own listener (this script is imported first): an image of a downloaded
// exam comes from the network while there is one, and from the download's cache when there is not (D497).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !OFFLINE_IMAGE_PATH.test(url.pathname))
    return;
  event.respondWith(
    self.fetch(event.request).catch(async (error: unknown) => {
      const kept = await offlineImage(event.request);
      if (kept) return kept;
      throw error;
    }),
  );
});
