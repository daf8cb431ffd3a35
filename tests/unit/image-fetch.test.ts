import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchImage, fetchImages } from '../../functions/domains/files/importer/image-fetch.js';

/* The import's image fetcher (D177) against a local server let through by the test-only origin setting. */

let server: Server;
let origin: string;
const held: import('node:http').ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow.png') return void held.push(res); // never answers
    if (req.url === '/declared-big.png')
      return res.writeHead(200, { 'content-length': String(3 * 1024 * 1024) }).end(Buffer.alloc(10));
    if (req.url === '/loop.png') return res.writeHead(302, { location: '/loop.png' }).end();
    if (req.url === '/to-other-port.png') return res.writeHead(301, { location: 'http://127.0.0.1:1/x.png' }).end();
    if (req.url?.startsWith('/ok.png')) return res.writeHead(200).end(Buffer.from('bytes'));
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_IMAGE_TEST_ORIGINS = origin;
});

afterAll(async () => {
  delete process.env.IMPORT_IMAGE_TEST_ORIGINS;
  for (const res of held) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetching an image named by URL', () => {
  it('ignores the test origins in a deployed stage, even if they were set there by hand (D351)', async () => {
    vi.stubEnv('STAGE', 'prod');
    try {
      expect(await fetchImage(`${origin}/ok.png`, Date.now() + 2_000)).toBe('image_fetch_refused');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await fetchImage(`${origin}/ok.png`, Date.now() + 2_000)).toEqual(new Uint8Array(Buffer.from('bytes')));
  });

  it('reads the allowed origin; refuses any other http, credentials, and private or reserved addresses', async () => {
    const soon = () => Date.now() + 2_000;
    expect(await fetchImage(`${origin}/ok.png`, soon())).toEqual(new Uint8Array(Buffer.from('bytes')));
    expect(await fetchImage('http://example.com/a.png', soon())).toBe('image_fetch_refused');
    expect(await fetchImage('https://user:pw@example.com/a.png', soon())).toBe('image_fetch_refused');
    expect(await fetchImage('ftp://example.com/a.png', soon())).toBe('image_fetch_refused');
    expect(await fetchImage('not a url', soon())).toBe('image_fetch_refused');
    for (const address of ['127.0.0.1', '10.0.0.8', '192.168.1.1', '169.254.169.254', '[::1]', '0.0.0.0'])
      expect(await fetchImage(`https://${address}/a.png`, soon()), address).toBe('image_fetch_refused');
    // A redirect leaves the allowed origin: the next hop is checked as any other.
    expect(await fetchImage(`${origin}/to-other-port.png`, soon())).toBe('image_fetch_refused');
  });

  it('gives up on a redirect loop, a declared size over 2 MB, an error status and a server that never answers', async () => {
    expect(await fetchImage(`${origin}/loop.png`, Date.now() + 2_000)).toBe('image_fetch_failed');
    expect(await fetchImage(`${origin}/declared-big.png`, Date.now() + 2_000)).toBe('image_too_large');
    expect(await fetchImage(`${origin}/error.png`, Date.now() + 2_000)).toBe('image_fetch_failed');
    const started = Date.now();
    expect(await fetchImage(`${origin}/slow.png`, Date.now() + 300)).toBe('image_fetch_timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops fetching once the import budget is spent', async () => {
    // Four at a time: the fifth and sixth start after 5 bytes, past a 4-byte budget.
    const urls = Array.from({ length: 6 }, (_, i) => `${origin}/ok.png?${i}`);
    const results = await fetchImages(urls, 4);
    expect(urls.map((u) => results.get(u) === 'image_import_limit')).toEqual([false, false, false, false, true, true]);
  });
});
