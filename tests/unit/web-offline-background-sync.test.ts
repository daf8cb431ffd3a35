import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfflineGrade } from '../../shared/contracts/review-sync.js';
import { REVIEW_SYNC_MAX_RECORDS } from '../../shared/contracts/review-sync.js';
import { flushFromWorker, syncTag, userOfSyncTag } from '../../web/src/lib/offline/background-sync.js';
import {
  openOfflineDb,
  recordGrade,
  rememberCsrfToken,
  saveDownload,
  type OfflineMeta,
  type StoredCard,
} from '../../web/src/lib/offline/offline-db.js';

/** The service worker's send of the outbox (Background Sync, D446), against a fake server. */

let users = 0;
const newUser = () => `u${++users}-${Date.now()}`;
const TOKEN = 'token-0123456789abcdef0123456789abcdef';

const meta: Omit<OfflineMeta, 'refused' | 'last_sync' | 'csrf_token'> = {
  day: '2026-12-02',
  downloaded_at: '2026-12-02T00:00:00.000Z',
  exam_id: '',
  scheduling: { time_zone: 'Asia/Seoul', day_rollover_hour: 4, desired_retention: 0.9, fsrs_weights: null },
  limits: { new_per_day: 500, reviews_per_day: 9999 },
  done_today: { day: '2026-12-02', new: 0, reviews: 0 },
};

const card = (id: string): StoredCard => ({
  question_id: id,
  exam_id: 'exam1',
  exam_title: 'Exam',
  question: { id, title: id, content: 'Q', answer: 'A' } as StoredCard['question'],
  fsrs: null,
  version: 0,
  lapses: 0,
  leech: false,
});

const grade = (n: number): OfflineGrade => ({
  grade_id: `grade-${String(n).padStart(6, '0')}`,
  question_id: `q${n}`,
  exam_id: 'exam1',
  rating: 3,
  graded_at: new Date(Date.UTC(2026, 11, 2, 1, 0, n)).toISOString(),
});

async function seeded(userId: string, count: number, token: string | null = TOKEN) {
  const db = await openOfflineDb(userId);
  await saveDownload(
    db,
    meta,
    Array.from({ length: count }, (_, i) => card(`q${i}`)),
  );
  for (let i = 0; i < count; i++) await recordGrade(db, grade(i), card(`q${i}`), true);
  if (token) await rememberCsrfToken(db, token);
  return db;
}

interface Server {
  signedIn: string | null;
  /** Answers the sync's POST: a response, a thrown network failure, or (undefined) the fake's acknowledgement. */
  sync?: (records: OfflineGrade[], token: string | null) => Response | 'offline' | undefined;
}

/** A fetch that answers the two routes the worker calls, and records what it was asked. */
function fakeFetch(server: Server) {
  const posts: { records: OfflineGrade[]; token: string | null }[] = [];
  const applied = new Set<string>();
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url === '/api/auth/status/')
      return Response.json({
        authenticated: !!server.signedIn,
        user: server.signedIn ? { id: server.signedIn } : null,
      });
    if (url !== '/api/review-sync/' || init?.method !== 'POST') return new Response(null, { status: 404 });
    const records = (JSON.parse(String(init.body)) as { records: OfflineGrade[] }).records;
    const token = new Headers(init.headers).get('X-CSRFToken');
    posts.push({ records, token });
    const answer = server.sync?.(records, token);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer) return answer;
    return Response.json({
      results: records.map((r) => {
        const status = applied.has(r.grade_id) ? 'replayed' : 'applied';
        applied.add(r.grade_id);
        return { grade_id: r.grade_id, status };
      }),
      cards: [],
    });
  };
  return { fetcher: fetcher as typeof fetch, posts, applied };
}

const waiting = async (db: Awaited<ReturnType<typeof openOfflineDb>>) =>
  (await db.getAll('outbox')).map((r) => r.grade_id).sort();

describe('Background Sync of the review outbox', () => {
  it('names one sync per user and reads the user back from it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (userId) => {
        expect(userOfSyncTag(syncTag(userId))).toBe(userId);
      }),
    );
    expect(userOfSyncTag('review-outbox:')).toBeNull();
    expect(userOfSyncTag('workbox-background-sync:x')).toBeNull();
  });

  it('sends the whole outbox oldest first in batches, with the token the page kept, each grade once', async () => {
    const user = newUser();
    const count = 2 * REVIEW_SYNC_MAX_RECORDS + 30;
    const db = await seeded(user, count);
    const server = fakeFetch({ signedIn: user });
    const result = await flushFromWorker({ db, userId: user, fetcher: server.fetcher });
    expect(result).toEqual({ outcome: 'sent', acknowledged: count });
    expect(server.posts.map((p) => p.records.length)).toEqual([REVIEW_SYNC_MAX_RECORDS, REVIEW_SYNC_MAX_RECORDS, 30]);
    expect(server.posts.every((p) => p.token === TOKEN)).toBe(true);
    const sent = server.posts.flatMap((p) => p.records.map((r) => r.grade_id));
    expect(sent).toEqual(Array.from({ length: count }, (_, i) => grade(i).grade_id));
    expect(await waiting(db)).toEqual([]);
    // Fired again (the browser may): nothing left, nothing sent.
    expect(await flushFromWorker({ db, userId: user, fetcher: server.fetcher })).toEqual({
      outcome: 'sent',
      acknowledged: 0,
    });
    expect(server.posts).toHaveLength(3);
  });

  it('leaves the outbox to the page when the server refuses the token', async () => {
    const user = newUser();
    const db = await seeded(user, 5, 'a-token-the-server-rotated-since-0000');
    const server = fakeFetch({
      signedIn: user,
      sync: () => Response.json({ code: 'csrf_failed', detail: 'CSRF' }, { status: 403 }),
    });
    expect(await flushFromWorker({ db, userId: user, fetcher: server.fetcher })).toEqual({
      outcome: 'page',
      acknowledged: 0,
    });
    expect(server.posts).toHaveLength(1);
    expect(await waiting(db)).toHaveLength(5);
  });

  it('never sends under another session: another user or nobody signed in leaves it to the page', async () => {
    for (const signedIn of ['someone-else', null]) {
      const user = newUser();
      const db = await seeded(user, 3);
      const server = fakeFetch({ signedIn });
      expect((await flushFromWorker({ db, userId: user, fetcher: server.fetcher })).outcome).toBe('page');
      expect(server.posts).toEqual([]);
      expect(await waiting(db)).toHaveLength(3);
    }
  });

  it('without a kept token it sends nothing', async () => {
    const user = newUser();
    const db = await seeded(user, 2, null);
    const server = fakeFetch({ signedIn: user });
    expect((await flushFromWorker({ db, userId: user, fetcher: server.fetcher })).outcome).toBe('page');
    expect(server.posts).toEqual([]);
  });

  it('asks the browser to fire again after a failed connection or a server error, keeping what was not acknowledged', async () => {
    for (const failure of ['offline', 'server'] as const) {
      const user = newUser();
      const db = await seeded(user, REVIEW_SYNC_MAX_RECORDS + 10);
      let calls = 0;
      // The first batch goes through, the second fails.
      const server = fakeFetch({
        signedIn: user,
        sync: () =>
          calls++ === 0 ? undefined : failure === 'offline' ? 'offline' : new Response(null, { status: 503 }),
      });
      expect(await flushFromWorker({ db, userId: user, fetcher: server.fetcher })).toEqual({
        outcome: 'retry',
        acknowledged: REVIEW_SYNC_MAX_RECORDS,
      });
      expect(await waiting(db)).toEqual(
        Array.from({ length: 10 }, (_, i) => grade(REVIEW_SYNC_MAX_RECORDS + i).grade_id).sort(),
      );
    }
  });

  it('keeps the page’s token across a new download, and writes it only when it changed', async () => {
    const user = newUser();
    const db = await seeded(user, 1);
    await saveDownload(db, { ...meta, day: '2026-12-03' }, [card('q9')]);
    expect((await db.get('meta', 'review'))?.csrf_token).toBe(TOKEN);
    await rememberCsrfToken(db, 'another-token-0000000000000000000000');
    expect((await db.get('meta', 'review'))?.csrf_token).toBe('another-token-0000000000000000000000');
  });
});
