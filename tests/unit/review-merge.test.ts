import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schedulerFor, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import {
  MAX_REWIND_ROWS,
  clampGradeTime,
  planCardMerge,
  replayCard,
  type MergeGrade,
  type WindowRow,
} from '../../functions/domains/learning/review-merge.js';

/**
 * The offline merge as the server runs it, against an in-memory log: each batch takes only new grade
 * ids, rewinds a card to the snapshot before its first later row, replays, and rewrites the
 * snapshots of the rows it replayed (review-sync.ts does the same in DynamoDB).
 */
const step = schedulerFor({}).review;
const START = Date.parse('2026-11-01T00:00:00.000Z');

interface Row {
  at: string;
  rating: number;
  previous: FsrsCard | null;
}
interface CardStore {
  card: FsrsCard | undefined;
  log: Map<string, Row>;
}
type Grade = MergeGrade & { card: number };
type Store = Map<number, CardStore>;

const known = (store: Store, id: string) => [...store.values()].some((c) => c.log.has(id));

function applyBatch(store: Store, batch: Grade[]): void {
  const fresh = batch.filter(
    (g, i) => !known(store, g.grade_id) && batch.findIndex((o) => o.grade_id === g.grade_id) === i,
  );
  for (const cardId of new Set(fresh.map((g) => g.card))) {
    const s = store.get(cardId) ?? { card: undefined, log: new Map<string, Row>() };
    store.set(cardId, s);
    const incoming = fresh.filter((g) => g.card === cardId);
    const window: WindowRow[] = [...s.log].map(([id, row]) => ({ grade_id: id, ...row }));
    let plan = planCardMerge({ current: s.card, incoming, window: null, maxRewind: MAX_REWIND_ROWS, step });
    if (plan.needsWindow) plan = planCardMerge({ current: s.card, incoming, window, maxRewind: MAX_REWIND_ROWS, step });
    if (plan.needsWindow) throw new Error('window given');
    for (const { grade, before, after } of plan.steps) {
      s.log.set(grade.grade_id, { at: grade.at, rating: grade.rating, previous: before ?? null });
      s.card = after;
    }
  }
}

const snapshot = (store: Store) => JSON.stringify([...store].map(([id, c]) => [id, c.card, [...c.log].sort()]));

/** One device's offline history: grades of cards 0–2 at increasing times, sent in batches. */
const history = (device: string) =>
  fc
    .array(
      fc.record({
        card: fc.integer({ min: 0, max: 2 }),
        minutes: fc.integer({ min: 0, max: 30 * 24 * 60 }),
        rating: fc.integer({ min: 1, max: 4 }),
      }),
      { maxLength: 24 },
    )
    .map((items) =>
      items
        .sort((a, b) => a.minutes - b.minutes)
        .map((g, i) => ({
          grade_id: `${device}-${String(i).padStart(8, '0')}`,
          card: g.card,
          rating: g.rating,
          at: new Date(START + g.minutes * 60_000).toISOString(),
        })),
    );

const batchesOf = (grades: Grade[], sizes: number[]) => {
  const out: Grade[][] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= grades.length) break;
    out.push(grades.slice(i, i + size));
    i += size;
  }
  if (i < grades.length) out.push(grades.slice(i));
  return out;
};

const oneDevice = (grades: Grade[], cardId: number) =>
  replayCard(
    undefined,
    grades.filter((g) => g.card === cardId),
    step,
  ).at(-1)?.after;

describe('offline merge (property)', () => {
  it('two interleaved histories end where one device reviewing everything in time order would', () => {
    fc.assert(
      fc.property(
        history('a'),
        history('b'),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 10 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        (a, b, sizesA, sizesB, picks) => {
          const queues = [batchesOf(a, sizesA), batchesOf(b, sizesB)];
          const store: Store = new Map();
          let k = 0;
          while (queues[0]!.length || queues[1]!.length) {
            const from = queues[0]!.length && (!queues[1]!.length || picks[k++ % Math.max(1, picks.length)]) ? 0 : 1;
            applyBatch(store, queues[from]!.shift()!);
          }
          for (const cardId of [0, 1, 2]) expect(store.get(cardId)?.card).toEqual(oneDevice([...a, ...b], cardId));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('re-sending any prefix of either history changes nothing', () => {
    fc.assert(
      fc.property(history('a'), history('b'), fc.nat(), fc.boolean(), (a, b, cut, fromA) => {
        const store: Store = new Map();
        applyBatch(store, a);
        applyBatch(store, b);
        const before = snapshot(store);
        const source = fromA ? a : b;
        applyBatch(store, source.slice(0, source.length ? cut % (source.length + 1) : 0));
        expect(snapshot(store)).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it('never rewinds past a row without a snapshot: older grades are replayed just after it', () => {
    const exam = { at: '2026-11-02T10:00:00.000Z', grade_id: null, rating: 3 };
    const current = step(undefined, 'good', new Date(exam.at));
    const plan = planCardMerge({
      current,
      incoming: [{ grade_id: 'offline-1', at: '2026-11-02T09:00:00.000Z', rating: 1 }],
      window: [exam],
      maxRewind: MAX_REWIND_ROWS,
      step,
    });
    if (plan.needsWindow) throw new Error('window given');
    expect(plan.base).toEqual(current);
    expect(plan.steps.map((s) => s.grade.at)).toEqual(['2026-11-02T10:00:00.001Z']);
  });

  it('clamps a grade time to the last 30 days and never past now', () => {
    const now = new Date('2026-12-02T00:00:00.000Z');
    const window = 30 * 86_400_000;
    expect(clampGradeTime('2027-01-01T00:00:00Z', now, window)).toBe(now.toISOString());
    expect(clampGradeTime('2025-01-01T00:00:00Z', now, window)).toBe('2026-11-02T00:00:00.000Z');
    expect(clampGradeTime('not a date', now, window)).toBe(now.toISOString());
  });
});
