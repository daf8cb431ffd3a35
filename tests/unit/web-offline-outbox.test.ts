import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OfflineGrade } from '../../shared/contracts/review-sync.js';
import { REVIEW_SYNC_MAX_RECORDS } from '../../shared/contracts/review-sync.js';
import {
  openOfflineDb,
  recordGrade,
  saveDownload,
  type OfflineMeta,
  type StoredCard,
} from '../../web/src/lib/offline/offline-db.js';
import { backoffMs, createOutbox, type SyncAnswer } from '../../web/src/lib/offline/outbox.js';

let users = 0;
const newUser = () => `u${++users}-${Date.now()}`;

const meta: Omit<OfflineMeta, 'refused' | 'last_sync'> = {
  day: '2026-12-02',
  downloaded_at: '2026-12-02T00:00:00.000Z',
  exam_id: '',
  scheduling: { time_zone: 'Asia/Seoul', day_rollover_hour: 4, desired_retention: 0.9, fsrs_weights: null },
  limits: { new_per_day: 20, reviews_per_day: 200 },
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

/** A server that acknowledges every record it gets (applied once, replayed after) and remembers them. */
function fakeServer() {
  const applied = new Set<string>();
  const calls: OfflineGrade[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (records: OfflineGrade[]): Promise<SyncAnswer> => {
    calls.push(records);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    return {
      results: records.map((r) => {
        const status = applied.has(r.grade_id) ? ('replayed' as const) : ('applied' as const);
        applied.add(r.grade_id);
        return { grade_id: r.grade_id, status };
      }),
      cards: records.map((r) => ({
        question_id: r.question_id,
        exam_id: r.exam_id,
        due: '2026-12-05T19:00:00.000Z',
        state: 'review',
        stability: 3,
        difficulty: 5,
        reps: 1,
        lapses: 0,
        version: 1,
      })),
    };
  };
  return { send, applied, calls, maxInFlight: () => maxInFlight };
}

async function seeded(userId: string, count: number) {
  const db = await openOfflineDb(userId);
  await saveDownload(
    db,
    meta,
    Array.from({ length: count }, (_, i) => card(`q${i}`)),
  );
  for (let i = 0; i < count; i++) await recordGrade(db, grade(i), card(`q${i}`), true);
  return db;
}

describe('the offline outbox', () => {
  it('keeps its grades across a reload (a new connection to the database)', async () => {
    const user = newUser();
    const db = await seeded(user, 3);
    db.close();
    const reopened = await openOfflineDb(user);
    expect((await reopened.getAllFromIndex('outbox', 'seq')).map((r) => r.grade_id)).toEqual([
      grade(0).grade_id,
      grade(1).grade_id,
      grade(2).grade_id,
    ]);
    expect((await reopened.get('meta', 'review'))?.done_today).toMatchObject({ new: 3, reviews: 3 });
  });

  it('removes a record only once the server acknowledged it, and puts the server card in place', async () => {
    const user = newUser();
    const db = await seeded(user, 3);
    const server = fakeServer();
    // The server's answer never names the third record: it stays, and an answer naming nothing waits (backoff).
    const outbox = createOutbox({
      db,
      lockName: user,
      send: (records) => server.send(records.filter((r) => r.question_id !== 'q2')),
    });
    const result = await outbox.flush();
    expect(result.acknowledged).toBe(2);
    expect(result.retryAt).toBeGreaterThan(0);
    expect(server.calls.map((c) => c.length)).toEqual([2, 0]);
    expect((await db.getAll('outbox')).map((r) => r.grade_id)).toEqual([grade(2).grade_id]);
    expect((await db.get('cards', 'q0'))?.fsrs).toMatchObject({ state: 'review', stability: 3, reps: 1 });
    expect((await db.get('cards', 'q2'))?.fsrs).toBeNull();
    expect((await db.get('meta', 'review'))?.last_sync).not.toBeNull();
  });

  it('keeps everything after a failed send and retries with a growing wait', async () => {
    const user = newUser();
    const db = await seeded(user, 2);
    let clock = 1_000_000;
    let fail = true;
    const server = fakeServer();
    const outbox = createOutbox({
      db,
      lockName: user,
      now: () => clock,
      send: (records) => (fail ? Promise.reject(new TypeError('offline')) : server.send(records)),
    });
    const first = await outbox.flush();
    expect(first).toMatchObject({ acknowledged: 0, left: 2, retryAt: clock + backoffMs(1) });
    // Within the wait nothing is sent; a second failure doubles it.
    expect((await outbox.flush()).acknowledged).toBe(0);
    clock = first.retryAt;
    const second = await outbox.flush();
    expect(second.retryAt - clock).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(40)).toBe(5 * 60_000);
    fail = false;
    clock = second.retryAt;
    expect(await outbox.flush()).toMatchObject({ acknowledged: 2, left: 0, retryAt: 0 });
    expect(server.applied.size).toBe(2);
  });

  it('reports refused records and drops them, never retrying them', async () => {
    const user = newUser();
    const db = await seeded(user, 2);
    const outbox = createOutbox({
      db,
      lockName: user,
      send: async (records) => ({
        results: records.map((r, i) => ({
          grade_id: r.grade_id,
          status: i === 0 ? ('refused' as const) : ('applied' as const),
          ...(i === 0 ? { code: 'review_question_not_found' } : {}),
        })),
        cards: [],
      }),
    });
    const result = await outbox.flush();
    expect(result.refused).toEqual([expect.objectContaining({ question_id: 'q0', code: 'review_question_not_found' })]);
    expect(result.left).toBe(0);
    expect((await db.get('meta', 'review'))?.refused).toHaveLength(1);
  });

  it('never sends a record twice at once, sends in bounded batches oldest first, and loses none', async () => {
    const user = newUser();
    const count = REVIEW_SYNC_MAX_RECORDS + 30;
    const db = await seeded(user, count);
    const server = fakeServer();
    // Two outboxes on one database: two tabs of the device (no Web Lock here, so this checks the tab's own guard too).
    const outbox = createOutbox({ db, lockName: user, send: server.send });
    const results = await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    expect(results[0]).toBe(results[1]);
    expect(server.maxInFlight()).toBe(1);
    expect(server.calls.map((c) => c.length)).toEqual([REVIEW_SYNC_MAX_RECORDS, 30]);
    const sent = server.calls.flat().map((r) => r.grade_id);
    expect(sent).toEqual([...sent].sort());
    expect(new Set(sent).size).toBe(count);
    expect(await db.count('outbox')).toBe(0);
  });
});
