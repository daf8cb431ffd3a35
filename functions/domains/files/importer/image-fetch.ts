import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { config } from '../../../runtime/config.js';
import { MAX_IMAGE_BYTES } from '../../../runtime/images/image-limits.js';
import type { ImportImageCode } from './import-images.js';

/**
 * Images a spreadsheet names by URL, fetched by the server (D177). The SSRF guard: https only, no
 * credentials in the URL, and the address the name resolves to must be public — checked at connect
 * time by request-filtering-agent (so a DNS answer cannot change between check and use), on every
 * redirect hop too (at most 3, each re-checked). Each fetch has a timeout, reads at most 2 MB and
 * aborts past it; the whole import's fetches share one deadline. The bytes then go through the upload
 * pipeline like any image; nothing here trusts the answer's Content-Type.
 */

export const IMAGE_FETCH_LIMITS = {
  /** One request (connect to last byte). */
  timeoutMs: 5_000,
  /** All of one import's fetches; past it the remaining images are warnings. */
  totalMs: 15_000,
  maxRedirects: 3,
  concurrency: 4,
} as const;

export type FetchCode = ImportImageCode | 'image_fetch_refused' | 'image_fetch_failed' | 'image_fetch_timeout';
type Hop = { redirect: string } | { bytes: Uint8Array } | { code: FetchCode };

/** The tests' local image server, from config (off by default): it may be http and private. */
const testOrigin = (url: URL) => config.importImageTestOrigins.includes(url.origin);

function agentFor(url: URL) {
  // A test origin lets its own host through; every other private or reserved address stays refused.
  const options = testOrigin(url) ? { allowIPAddressList: [url.hostname], keepAlive: false } : { keepAlive: false };
  return url.protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

function hop(url: URL, deadline: number): Promise<Hop> {
  return new Promise((resolve) => {
    const timeout = Math.min(IMAGE_FETCH_LIMITS.timeoutMs, deadline - Date.now());
    if (timeout <= 0) return resolve({ code: 'image_fetch_timeout' });
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const done = (value: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const request = send(url, { agent: agentFor(url), headers: { accept: 'image/*' } }, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return done({ redirect: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return done({ code: 'image_fetch_failed' });
      }
      if (Number(res.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) {
        request.destroy();
        return done({ code: 'image_too_large' });
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        // Streamed with a cap: a server that lies about its length is cut at 2 MB.
        if (total > MAX_IMAGE_BYTES) {
          request.destroy();
          return done({ code: 'image_too_large' });
        }
        chunks.push(chunk);
      });
      res.on('end', () => done({ bytes: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', () => done({ code: 'image_fetch_failed' }));
    });
    const timer = setTimeout(() => {
      request.destroy();
      done({ code: 'image_fetch_timeout' });
    }, timeout);
    request.on('error', (error) =>
      // request-filtering-agent refuses a private or reserved address with "… is not allowed".
      done({ code: /not allowed/i.test(error.message) ? 'image_fetch_refused' : 'image_fetch_failed' }),
    );
    request.end();
  });
}

/** One image by URL: its bytes (≤ 2 MB, not yet checked) or why there are none. */
export async function fetchImage(source: string, deadline: number): Promise<Uint8Array | FetchCode> {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return 'image_fetch_refused';
  }
  for (let hops = 0; hops <= IMAGE_FETCH_LIMITS.maxRedirects; hops++) {
    if ((url.protocol !== 'https:' && !testOrigin(url)) || url.username || url.password) return 'image_fetch_refused';
    const answer = await hop(url, deadline);
    if ('bytes' in answer) return answer.bytes;
    if ('code' in answer) return answer.code;
    try {
      url = new URL(answer.redirect, url);
    } catch {
      return 'image_fetch_failed';
    }
  }
  return 'image_fetch_failed';
}

/** Several URLs, a few at a time, under one deadline and the import's byte budget. */
export async function fetchImages(
  urls: readonly string[],
  maxTotalBytes: number,
): Promise<Map<string, Uint8Array | FetchCode>> {
  const results = new Map<string, Uint8Array | FetchCode>();
  const deadline = Date.now() + IMAGE_FETCH_LIMITS.totalMs;
  let fetched = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      if (fetched > maxTotalBytes) {
        results.set(url, 'image_import_limit');
        continue;
      }
      const result = await fetchImage(url, deadline);
      if (typeof result !== 'string') fetched += result.length;
      results.set(url, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGE_FETCH_LIMITS.concurrency, urls.length) }, worker));
  return results;
}
