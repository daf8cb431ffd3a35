/**
 * The images of an exam downloaded for offline (D497): kept in the Cache Storage of the page's origin,
 * one cache per exam, filled by the page when the learner downloads and emptied when they remove the
 * download. The service worker answers an image address from these caches only when the network
 * cannot (`sw/review-sync-worker.ts`), so online nothing changes: a private exam's images stay
 * `no-store` in the HTTP cache and an edit shows at once.
 */

/** The two routes that serve question images: an exam's own and an imported file's. */
export const OFFLINE_IMAGE_PATH = /^\/api\/(?:exam|file)\/[^/]+\/images\/[^/]+\/$/;

const CACHE_PREFIX = 'quizbank-offline-images-';

/** The cache of one downloaded exam's images, or of the review download's (`examId` = `review`). */
export const offlineImageCacheName = (userId: string, examId: string) =>
  `${CACHE_PREFIX}${encodeURIComponent(userId)}-${encodeURIComponent(examId)}`;

/** Whether a cache is one of the offline image caches (the worker looks only there). */
export const isOfflineImageCache = (name: string) => name.startsWith(CACHE_PREFIX);

/**
 * Every image address the exam's questions point at (Markdown, HTML or a plain field), as same-origin
 * paths, each once. Addresses on other hosts are not kept: they are not ours to cache.
 */
export function examImagePaths(exam: unknown, origin: string): string[] {
  const text = JSON.stringify(exam);
  const found = new Set<string>();
  for (const match of text.matchAll(
    /(?:https?:\/\/[^/"'\s()<>\\]+)?\/api\/(?:exam|file)\/[^/"'\s()<>\\]+\/images\/[^/"'\s()<>\\]+\//g,
  )) {
    const url = new URL(match[0], origin);
    if (url.origin === origin && OFFLINE_IMAGE_PATH.test(url.pathname)) found.add(url.pathname);
  }
  return [...found];
}

export interface KeptImages {
  kept: number;
  missing: number;
}

/**
 * Keeps exactly these images in the cache: those already kept stay (an image address names immutable
 * bytes, so a later download need not fetch it again), the others are fetched with the learner's
 * session as the page shows them, and those no longer named are dropped. One failure loses only that image.
 */
export async function keepExamImages(cacheName: string, paths: string[]): Promise<KeptImages> {
  if (typeof caches === 'undefined') return { kept: 0, missing: paths.length };
  const cache = await caches.open(cacheName);
  const wanted = new Set(paths);
  for (const request of await cache.keys()) if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
  const outcomes = await Promise.allSettled(
    paths.map(async (path) => {
      if (!(await cache.match(path))) await cache.add(path);
    }),
  );
  const kept = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  return { kept, missing: paths.length - kept };
}

export async function dropExamImages(cacheName: string): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(cacheName);
}

/** The worker's answer for an image address when the network fails: the kept copy, if any. */
export async function offlineImage(request: Request): Promise<Response | undefined> {
  for (const name of await caches.keys()) {
    if (!isOfflineImageCache(name)) continue;
    const hit = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}
