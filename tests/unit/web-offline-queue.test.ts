import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newCard, schedulerFor } from '../../shared/domain/fsrs-schedule.js';
import { offlineQueue } from '../../web/src/features/review/utils/offline-queue.js';
import type { OfflineMeta, StoredCard } from '../../web/src/lib/offline/offline-db.js';

const NOW = new Date('2026-12-02T03:00:00.000Z'); // 12:00 in Seoul, learner day 2026-12-02
const meta = (
  limits: { new_per_day: number; reviews_per_day: number },
  done = { new: 0, reviews: 0 },
): OfflineMeta => ({
  day: '2026-12-02',
  downloaded_at: NOW.toISOString(),
  exam_id: '',
  scheduling: { time_zone: 'Asia/Seoul', day_rollover_hour: 4, desired_retention: 0.9, fsrs_weights: null },
  limits,
  done_today: { day: '2026-12-02', ...done },
  last_sync: null,
  refused: [],
});

const card = (id: string, fsrs: StoredCard['fsrs']): StoredCard => ({
  question_id: id,
  exam_id: 'e',
  exam_title: 'E',
  question: { id, title: id, content: 'Q', answer: 'A' } as StoredCard['question'],
  fsrs,
  version: 0,
  lapses: 0,
  leech: false,
});

/** A review card due `hours` from NOW. */
const review = (id: string, hours: number) =>
  card(id, {
    ...newCard(NOW),
    state: 'review',
    stability: 5,
    difficulty: 5,
    reps: 2,
    due: new Date(NOW.getTime() + hours * 3_600_000).toISOString(),
    last_review: '2026-11-27T03:00:00.000Z',
  });

describe('the offline queue', () => {
  it('offers due cards earliest first, a new card every third place, within the day’s limits', () => {
    const cards = [
      review('late', -1),
      review('early', -30),
      review('tomorrow', 30),
      card('n1', null),
      card('n2', null),
    ];
    const first = offlineQueue(cards, meta({ new_per_day: 1, reviews_per_day: 10 }), NOW);
    expect(first.current?.question_id).toBe('early');
    expect(first.counts).toMatchObject({ due: 2, new: 1, learning: 0 });
    // Two reviews done: the third place is a new card.
    expect(
      offlineQueue(cards, meta({ new_per_day: 1, reviews_per_day: 10 }, { new: 0, reviews: 2 }), NOW).current
        ?.question_id,
    ).toBe('n1');
    // The new-card limit spent and the review limit reached: nothing left.
    const spent = offlineQueue(cards, meta({ new_per_day: 1, reviews_per_day: 2 }, { new: 1, reviews: 2 }), NOW);
    expect(spent.current).toBeNull();
    expect(spent.counts).toMatchObject({ due: 0, new: 0 });
  });

  it('shows the intervals of the server’s rule, and every card offered is due, learning or new within the limit', () => {
    const scheduler = schedulerFor(meta({ new_per_day: 5, reviews_per_day: 5 }).scheduling);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -72, max: 200 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 4 }),
        (hours, fresh) => {
          const cards = [
            ...hours.map((h, i) => review(`r${i}`, h)),
            ...Array.from({ length: fresh }, (_, i) => card(`n${i}`, null)),
          ];
          const queue = offlineQueue(cards, meta({ new_per_day: 5, reviews_per_day: 5 }), NOW);
          if (!queue.current) {
            expect(queue.counts.due + queue.counts.new).toBe(0);
            return;
          }
          const stored = cards.find((c) => c.question_id === queue.current!.question_id)!;
          expect(queue.current.intervals).toEqual(
            Object.fromEntries(
              (['again', 'hard', 'good', 'easy'] as const).map((g) => [
                g,
                Math.max(
                  0,
                  Math.round(
                    (Date.parse(scheduler.review(stored.fsrs ?? undefined, g, NOW).due) - NOW.getTime()) / 1000,
                  ),
                ),
              ]),
            ),
          );
          if (stored.fsrs) expect(Date.parse(stored.fsrs.due)).toBeLessThan(Date.parse('2026-12-02T19:00:00.000Z'));
        },
      ),
    );
  });
});
