import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, type LoadResult } from './load.js';

/**
 * Login throughput against a running server (`npm start`, or the bench's own): registers a
 * throwaway user, then POSTs /api/login/ for ~10 s with autocannon and prints requests/s and
 * p99 latency. Every login is a full scrypt (N=2^17, r=8), so this measures the hashing budget:
 * expect roughly (cores ÷ 0.4 s) logins per second locally.
 */
export async function benchLogin(
  baseUrl: string,
  options: { seconds?: number; connections?: number } = {},
): Promise<LoadResult> {
  const base = baseUrl.replace(/\/$/, '');
  const csrfRes = await fetch(`${base}/api/csrf-token/`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const headers = {
    'content-type': 'application/json',
    cookie: `csrftoken=${csrfToken}`,
    'x-csrftoken': csrfToken,
  };

  const username = `bench_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const registered = await fetch(`${base}/api/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: username, name: 'Bench', password, language: 'en' }),
  });
  if (registered.status !== 201)
    throw new Error(`bench user registration failed: ${registered.status} ${await registered.text()}`);

  const result = await load({
    url: `${base}/api/login/`,
    seconds: options.seconds ?? 10,
    // scrypt runs on libuv's 4 threads; more connections only queue.
    connections: options.connections ?? 4,
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  return result;
}

// `tsx bench/login.ts http://localhost:3000` runs it on its own.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const result = await benchLogin(process.argv[2] ?? 'http://localhost:3000');
  console.log(
    `POST /api/login/ ${result.requestsPerSecond} requests/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
}
