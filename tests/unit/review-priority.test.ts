import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engineFor, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import {
  DUE_ORDERS,
  duePriority,
  retentionGain,
  type DueOrder,
} from '../../functions/domains/learning/review-priority.js';
import {
  DEFAULT_NEW_SHARE,
  isNewTurn,
  orderReviewQueue,
  type QueueInput,
} from '../../functions/domains/learning/review-queue.js';
import { daysFrom, fsrsCard } from '../support/fsrs-cards.js';

/** The rank of due reviews when more are due than the day holds, and where learning steps go. */
const now = new Date('2026-03-10T03:00:00Z');
const curve = engineFor(0.9);

/** A review card given `interval` days, reviewed `ago` days before now. */
const reviewCard = (ago: number, interval: number, stability: number): FsrsCard =>
  fsrsCard({ due: daysFrom(now, interval - ago), lastReview: daysFrom(now, -ago), stability });

const cardArb = fc
  .record({
    ago: fc.double({ min: 0.5, max: 60, noNaN: true }),
    interval: fc.double({ min: 1, max: 60, noNaN: true }),
    stability: fc.double({ min: 0.2, max: 80, noNaN: true }),
  })
  .map(({ ago, interval, stability }) => reviewCard(ago, interval, stability));

function queueInput(cards: FsrsCard[], overrides: Partial<QueueInput> = {}): QueueInput {
  const ids = [...cards.map((_, i) => `d${i}`), ...(overrides.learning ?? []).map((l) => l.questionId)];
  return {
    due: cards.map((card, i) => ({ questionId: `d${i}`, card })),
    learning: [],
    candidates: [{ questionId: 'n1', unseen: true }],
    available: new Set([...ids, 'n1']),
    ignored: new Set(),
    limits: { newPerDay: 20, reviewsPerDay: 200 },
    doneToday: { new: 0, reviews: 0 },
    now,
    pageSize: 50,
    curve,
    ...overrides,
  };
}

describe('due order', () => {
  it('takes the due reviews of highest priority first, in priority order, within the review limit', () => {
    fc.assert(
      fc.property(
        fc.array(cardArb, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<DueOrder>(...DUE_ORDERS),
        fc.nat(30),
        (cards, dueOrder, limit) => {
          const out = orderReviewQueue(
            queueInput(cards, { dueOrder, limits: { newPerDay: 20, reviewsPerDay: limit } }),
          );
          const due = out.page.filter((e) => e.kind === 'due').map((e) => Number(e.questionId.slice(1)));
          expect(due.length).toBe(Math.min(limit, cards.length));
          const priority = (i: number) => duePriority(dueOrder, cards[i]!, now, curve);
          for (let k = 1; k < due.length; k++) expect(priority(due[k - 1]!)).toBeGreaterThanOrEqual(priority(due[k]!));
          const taken = new Set(due);
          const lowestTaken = Math.min(...due.map(priority));
          for (let i = 0; i < cards.length; i++)
            if (!taken.has(i)) expect(priority(i)).toBeLessThanOrEqual(lowestTaken);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('orders by expected retention gain unless told otherwise (D316)', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 2, maxLength: 20 }), (cards) => {
        expect(orderReviewQueue(queueInput(cards)).page).toEqual(
          orderReviewQueue(queueInput(cards, { dueOrder: 'retention-gain' })).page,
        );
      }),
      { numRuns: 50 },
    );
  });

  it('ranks as each rule says on cards that differ in one respect', () => {
    const fresh = reviewCard(10, 10, 10); // just due
    const late = reviewCard(20, 10, 10); // twice its interval
    expect(duePriority('relative-overdueness', late, now)).toBeGreaterThan(
      duePriority('relative-overdueness', fresh, now),
    );
    expect(duePriority('lowest-recall', late, now)).toBeGreaterThan(duePriority('lowest-recall', fresh, now));
    expect(duePriority('descending-recall', fresh, now)).toBeGreaterThan(duePriority('descending-recall', late, now));
  });

  it('expected retention gain: positive for a forgotten card, and a card just reviewed gains little', () => {
    fc.assert(
      fc.property(cardArb, (card) => {
        const gain = retentionGain(card, now, curve);
        expect(gain).toBeGreaterThan(-1);
        expect(gain).toBeLessThan(1);
      }),
    );
    const justSeen = reviewCard(0.01, 30, 30);
    const forgotten = reviewCard(40, 5, 2);
    expect(retentionGain(forgotten, now, curve)).toBeGreaterThan(retentionGain(justSeen, now, curve));
  });
});

describe('learning steps placement', () => {
  const minute = 60_000;
  const at = (m: number) => new Date(now.getTime() + m * minute).toISOString();
  // A step answered yesterday (low recall) and one due in five minutes.
  const yesterday = fsrsCard({
    state: 'learning',
    due: daysFrom(now, -1),
    lastReview: daysFrom(now, -1),
    stability: 0.1,
  });
  const soon = fsrsCard({ state: 'learning', due: new Date(at(5)), lastReview: now, stability: 2 });
  const steps = [
    { questionId: 'l1', due: yesterday.due, card: yesterday },
    { questionId: 'l2', due: soon.due, card: soon },
  ];
  const cards = [reviewCard(3, 3, 30), reviewCard(30, 10, 5)];

  it("'with-due' ranks steps due now among the due reviews, before new cards; later steps wait", () => {
    const out = orderReviewQueue(
      queueInput(cards, { learning: steps, learningSteps: 'with-due', dueOrder: 'lowest-recall' }),
    );
    expect(out.page.map((e) => `${e.kind}:${e.questionId}`)).toEqual(['learning:l1', 'due:d1', 'due:d0', 'new:n1']);
    expect(out.counts).toEqual({ new: 1, learning: 2, learning_now: 1, due: 2 });
    expect(out.nextLearningDue).toBe(at(5));
  });

  it("'with-due-reserve' (the default) leaves two places in five to new cards while any are left", () => {
    const many = Array.from({ length: 9 }, (_, i) => reviewCard(5 + i, 3, 3));
    const candidates = ['n1', 'n2', 'n3', 'n4'].map((questionId) => ({ questionId, unseen: true }));
    const input = queueInput(many, { learning: steps, candidates, pageSize: 10 });
    input.available = new Set([...input.available, 'n2', 'n3', 'n4']);
    const out = orderReviewQueue(input);
    const kinds = out.page.map((e) => (e.kind === 'new' ? 'new' : 'review'));
    expect(kinds).toEqual(['review', 'review', 'new', 'review', 'new', 'review', 'review', 'new', 'review', 'new']);
    // The share is an option: a third puts them at every third place.
    const third = orderReviewQueue({ ...input, pageSize: 9, newShare: 1 / 3 }).page.map((e) => e.kind);
    expect([third[2], third[5], third[8]]).toEqual(['new', 'new', 'new']);
    expect(third.filter((kind) => kind === 'new')).toHaveLength(3);
    // Without new cards the reviews and the step take the page.
    const none = orderReviewQueue({ ...input, candidates: [] });
    expect(none.page).toHaveLength(10);
    expect(none.page.some((e) => e.questionId === 'l1')).toBe(true);
  });

  it('property: a share s gives ⌊n·s⌋ new-card turns in the first n places, whatever n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 10 }), fc.nat(60), (a, b, n) => {
        const share = Math.min(a, b) / Math.max(a, b);
        const turns = Array.from({ length: n }, (_, i) => isNewTurn(i, share)).filter(Boolean).length;
        expect(turns).toBe(Math.floor(n * share + 1e-9));
      }),
    );
  });

  it("a shorter page is the start of a longer one (the daily exam is the Review screen's first cards)", () => {
    fc.assert(
      fc.property(
        fc.array(cardArb, { maxLength: 25 }),
        fc.nat(12),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (due, fresh, a, b) => {
          const candidates = Array.from({ length: fresh }, (_, i) => ({ questionId: `n${i}`, unseen: true }));
          const input = queueInput(due, { learning: steps, candidates });
          input.available = new Set([...input.available, ...candidates.map((c) => c.questionId)]);
          const [short, long] = [Math.min(a, b), Math.max(a, b)];
          const shortPage = orderReviewQueue({ ...input, pageSize: short }).page;
          const longPage = orderReviewQueue({ ...input, pageSize: long }).page;
          expect(shortPage).toEqual(longPage.slice(0, shortPage.length));
          const newCount = shortPage.filter((e) => e.kind === 'new').length;
          expect(newCount).toBeGreaterThanOrEqual(Math.min(fresh, Math.floor(short * DEFAULT_NEW_SHARE + 1e-9)));
        },
      ),
    );
  });

  it("'after-new' keeps steps after the new cards; learn-ahead steps come last either way", () => {
    const out = orderReviewQueue(queueInput(cards, { learning: steps, learningSteps: 'after-new' }));
    expect(out.page.map((e) => `${e.kind}:${e.questionId}`)).toEqual(['due:d1', 'due:d0', 'new:n1', 'learning:l1']);
    const idle = orderReviewQueue(
      queueInput([], { learning: steps, candidates: [], learningSteps: 'with-due', learnAheadMs: 20 * minute }),
    );
    expect(idle.page.map((e) => e.questionId)).toEqual(['l1', 'l2']);
  });

  it('never repeats a question and never drops a step due now, whatever the placement', () => {
    fc.assert(
      fc.property(
        fc.array(cardArb, { maxLength: 10 }),
        fc.array(fc.double({ min: -3, max: 0.01, noNaN: true }), { maxLength: 10 }),
        fc.constantFrom('with-due' as const, 'after-new' as const),
        (due, stepDays, learningSteps) => {
          const learning = stepDays.map((d, i) => {
            const card = fsrsCard({
              state: 'learning',
              due: daysFrom(now, d),
              lastReview: daysFrom(now, d - 0.01),
              stability: 0.5,
            });
            return { questionId: `l${i}`, due: card.due, card };
          });
          const out = orderReviewQueue(queueInput(due, { learning, learningSteps }));
          const ids = out.page.map((e) => e.questionId);
          expect(new Set(ids).size).toBe(ids.length);
          const dueNow = learning.filter((l) => Date.parse(l.due) <= now.getTime()).map((l) => l.questionId);
          for (const id of dueNow) expect(ids).toContain(id);
        },
      ),
    );
  });
});
