import { isSafeImageUrl } from '#shared/domain/rich-text.js';

/** More would compete with the page's own requests; the first question rarely shows more. */
const MAX_IMAGES = 2;

/**
 * Starts fetching the images of HTML the server rendered (D263) while what showing it waits for (the
 * sanitizer, code colours) arrives: a question's image is often the page's largest paint, and
 * its request need not wait. The `<img>` the page inserts later takes the same URL from the image
 * cache. DOMParser's document runs no script and loads nothing; only sources the sanitizer would keep
 * are fetched.
 */
export function preloadImages(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const element of [...parsed.images].slice(0, MAX_IMAGES)) {
    const source = (element.getAttribute('src') ?? '').trim();
    if (!source || !isSafeImageUrl(source, location.origin)) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = source;
  }
}
