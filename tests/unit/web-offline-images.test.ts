import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dropExamImages,
  examImagePaths,
  isOfflineImageCache,
  keepExamImages,
  offlineImage,
  offlineImageCacheName,
} from '../../web/src/lib/offline/offline-images.js';

const ORIGIN = 'https://quizbank.example';

/** Cache Storage as the page and the worker see it: named caches of request URL → response. */
function fakeCaches(fetchable: Set<string>) {
  const fetched: string[] = [];
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return Promise.resolve({
      add: (path: string) =>
        (fetched.push(path), fetchable.has(path))
          ? Promise.resolve(void store.set(new URL(path, ORIGIN).href, new Response(`bytes of ${path}`)))
          : Promise.reject(new TypeError('404')),
      match: (request: Request | string) =>
        Promise.resolve(store.get(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href)?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((url) => new Request(url))),
      delete: (request: Request) => Promise.resolve(store.delete(request.url)),
    });
  };
  return {
    stores,
    fetched,
    api: {
      open,
      delete: (name: string) => Promise.resolve(stores.delete(name)),
      keys: () => Promise.resolve([...stores.keys()]),
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the images an offline exam keeps', () => {
  it('finds every image route once, in Markdown, HTML and plain fields, and only on our origin', () => {
    const exam = {
      questions: [
        { content: '![a](/api/exam/e1/images/i1/) and ![b](/api/exam/e1/images/i1/)', explanation: null },
        {
          content_en: '<img src="/api/file/f9/images/i2/">',
          choices: ['![c](https://quizbank.example/api/exam/e1/images/i3/)'],
        },
        {
          content:
            '![d](https://elsewhere.example/api/exam/e1/images/i4/) ![e](/api/exam/e1/images/) ![f](/api/exam-subscription/)',
        },
      ],
    };
    expect(examImagePaths(exam, ORIGIN).sort()).toEqual([
      '/api/exam/e1/images/i1/',
      '/api/exam/e1/images/i3/',
      '/api/file/f9/images/i2/',
    ]);
  });

  it('keeps what it can fetch, counts what it cannot, answers a kept image offline and forgets it on removal', async () => {
    const { api, stores, fetched } = fakeCaches(new Set(['/api/exam/e1/images/i1/', '/api/exam/e1/images/i5/']));
    vi.stubGlobal('caches', api);
    const name = offlineImageCacheName('u1', 'e1');
    expect(isOfflineImageCache(name)).toBe(true);
    expect(await keepExamImages(name, ['/api/exam/e1/images/i1/', '/api/exam/e1/images/gone/'])).toEqual({
      kept: 1,
      missing: 1,
    });
    const kept = await offlineImage(new Request(`${ORIGIN}/api/exam/e1/images/i1/`));
    expect(await kept?.text()).toBe('bytes of /api/exam/e1/images/i1/');
    expect(await offlineImage(new Request(`${ORIGIN}/api/exam/e1/images/gone/`))).toBeUndefined();
    // A later download fetches only what is new and drops what is no longer named.
    fetched.length = 0;
    expect(await keepExamImages(name, ['/api/exam/e1/images/i5/'])).toEqual({ kept: 1, missing: 0 });
    expect(fetched).toEqual(['/api/exam/e1/images/i5/']);
    expect(await offlineImage(new Request(`${ORIGIN}/api/exam/e1/images/i1/`))).toBeUndefined();
    expect(await keepExamImages(name, ['/api/exam/e1/images/i5/'])).toEqual({ kept: 1, missing: 0 });
    expect(fetched).toEqual(['/api/exam/e1/images/i5/']);
    await dropExamImages(name);
    expect(stores.has(name)).toBe(false);
    expect(await offlineImage(new Request(`${ORIGIN}/api/exam/e1/images/i5/`))).toBeUndefined();
  });

  it('without Cache Storage every image is counted missing and nothing throws', async () => {
    vi.stubGlobal('caches', undefined);
    expect(await keepExamImages('x', ['/api/exam/e1/images/i1/'])).toEqual({ kept: 0, missing: 1 });
    await dropExamImages('x');
  });
});
