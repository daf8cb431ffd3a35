import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  learnerDay,
  learnerDaySettings,
  learnerDayStart,
  type LearnerDaySettings,
} from '#shared/domain/learner-day.js';
import { elapsedLearnerDays, retrievability, reviewCard } from '../../functions/domains/learning/fsrs.js';
import { quizDay } from '../../functions/domains/learning/quiz-day.js';

/** Zones with DST in both hemispheres, a 45-minute offset (Chatham) and a 30-minute DST shift (Lord Howe). */
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Asia/Seoul',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'UTC',
  'America/St_Johns',
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const settingsArb = fc.record({ timeZone: fc.constantFrom(...ZONES), rolloverHour: fc.integer({ min: 0, max: 23 }) });
/** Instants 2024–2028, so every DST switch of those years is crossed by some run. */
const instantArb = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) });
/** A moment of learner day `day`, `fraction` of the way through it. */
const within = (day: string, fraction: number, s: LearnerDaySettings) => {
  const start = learnerDayStart(day, s).getTime();
  const end = learnerDayStart(addDays(day, 1), s).getTime();
  return new Date(start + Math.floor(fraction * (end - start - 1)));
};
const fractionArb = fc.double({ min: 0, max: 1, noNaN: true });
const gradeArb = fc.constantFrom('again', 'hard', 'good', 'easy' as const);

describe('the learner day (D120)', () => {
  it('starts at the rollover hour of its date in the zone, and the instant before is the day before', () => {
    fc.assert(
      fc.property(settingsArb, instantArb, (s, t) => {
        const day = learnerDay(t, s);
        const start = learnerDayStart(day, s).getTime();
        expect(start).toBeLessThanOrEqual(t);
        expect(learnerDay(start, s)).toBe(day);
        expect(learnerDay(start - 1, s)).toBe(addDays(day, -1));
        // A learner day lasts 23–25 hours (22.5–25.5 with Lord Howe's half-hour shift... never beyond).
        const length = learnerDayStart(addDays(day, 1), s).getTime() - start;
        expect(length).toBeGreaterThanOrEqual(22 * HOUR);
        expect(length).toBeLessThanOrEqual(26 * HOUR);
      }),
      { numRuns: 400 },
    );
  });

  it('is the Korean date after 04:00 for users without settings', () => {
    const legacy = learnerDaySettings({});
    expect(legacy).toEqual({ timeZone: 'Asia/Seoul', rolloverHour: 4 });
    expect(quizDay(new Date('2026-03-01T22:00:00Z'))).toBe('2026-03-02'); // 07:00 KST, the mail's hour
    expect(quizDay(new Date('2026-03-01T18:59:59Z'))).toBe('2026-03-01'); // 03:59 KST: still yesterday
    expect(quizDay(new Date('2026-03-01T19:00:00Z'))).toBe('2026-03-02'); // 04:00 KST
    expect(quizDay(new Date('2026-03-01T22:00:00Z'), { timeZone: 'America/New_York', rolloverHour: 4 })).toBe(
      '2026-03-01',
    );
  });

  it('accepts IANA zone names only, under their canonical spelling', () => {
    expect(canonicalTimeZone('asia/seoul')).toBe('Asia/Seoul');
    expect(canonicalTimeZone('Pacific/Chatham')).toBe('Pacific/Chatham');
    for (const bad of [
      'Mars/Olympus',
      '+09:00',
      'KST9',
      '',
      ' Asia/Seoul',
      'Asia/Seoul\u0000',
      42,
      null,
      'A'.repeat(65),
    ]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
    expect(learnerDaySettings({ time_zone: 'Mars/Olympus', day_rollover_hour: 24 })).toEqual({
      timeZone: 'Asia/Seoul',
      rolloverHour: 4,
    });
  });

  it('answers what Intl answers, the default and remembered names included, asked once or again (D409)', () => {
    const intl = (name: string) => {
      try {
        return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
      } catch {
        return null;
      }
    };
    const zones = Intl.supportedValuesOf('timeZone');
    const spelling = fc.oneof(
      fc.constantFrom(...zones),
      fc.constantFrom(...zones).map((z) => z.toLowerCase()),
      fc.constantFrom(...zones).map((z) => z.toUpperCase()),
      fc.stringMatching(/^[A-Za-z][A-Za-z_/]{0,20}$/),
    );
    fc.assert(
      fc.property(spelling, (name) => {
        const expected = intl(name);
        expect(canonicalTimeZone(name)).toBe(expected);
        expect(canonicalTimeZone(name)).toBe(expected);
      }),
      { numRuns: 500 },
    );
    expect(canonicalTimeZone('Asia/Seoul')).toBe(intl('Asia/Seoul'));
  });
});

describe('FSRS counts elapsed days in learner days (D120)', () => {
  it('two answers on the same learner day are never a day apart', () => {
    fc.assert(
      fc.property(settingsArb, instantArb, fractionArb, fractionArb, gradeArb, gradeArb, (s, t, f1, f2, g1, g2) => {
        const day = learnerDay(t, s);
        const [a, b] = [within(day, Math.min(f1, f2), s), within(day, Math.max(f1, f2), s)];
        const first = reviewCard(undefined, g1, a, s);
        const second = reviewCard(first, g2, b, s);
        expect(second.elapsed_days).toBe(0);
        expect(elapsedLearnerDays(first, b, s)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('answers on consecutive learner days are exactly one day apart, across DST switches', () => {
    fc.assert(
      fc.property(settingsArb, instantArb, fractionArb, fractionArb, gradeArb, gradeArb, (s, t, f1, f2, g1, g2) => {
        const day = learnerDay(t, s);
        const a = within(day, f1, s);
        const b = within(addDays(day, 1), f2, s);
        const first = reviewCard(undefined, g1, a, s);
        const second = reviewCard(first, g2, b, s);
        expect(second.elapsed_days).toBe(1);
        expect(elapsedLearnerDays(first, b, s)).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('a card scheduled in days is due at the start of its due learner day, never before the answer', () => {
    fc.assert(
      fc.property(
        settingsArb,
        instantArb,
        fc.array(fc.tuple(gradeArb, fc.integer({ min: 0, max: 40 }), fractionArb), { minLength: 1, maxLength: 6 }),
        (s, t, steps) => {
          let card: ReturnType<typeof reviewCard> | undefined;
          let day = learnerDay(t, s);
          for (const [grade, gap, fraction] of steps) {
            day = addDays(day, gap);
            const at = within(day, fraction, s);
            card = reviewCard(card, grade, at, s);
            expect(Date.parse(card.due)).toBeGreaterThan(at.getTime() - 1);
            if (card.scheduled_days >= 1) {
              expect(learnerDay(new Date(card.due), s)).toBe(addDays(day, card.scheduled_days));
              expect(learnerDayStart(addDays(day, card.scheduled_days), s).toISOString()).toBe(card.due);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('Good at 20:00 KST, then Good at 08:00 or 10:00 the next morning, gives the same next-day stability', () => {
    const seoul = learnerDaySettings({ time_zone: 'Asia/Seoul', day_rollover_hour: 4 });
    const evening = new Date('2026-03-10T11:00:00Z'); // 20:00 KST
    const first = reviewCard(undefined, true, evening, seoul);
    const at8 = reviewCard(first, true, new Date('2026-03-10T23:00:00Z'), seoul); // 08:00 KST next day (still the 10th in UTC)
    const at10 = reviewCard(first, true, new Date('2026-03-11T01:00:00Z'), seoul); // 10:00 KST
    expect(at8.elapsed_days).toBe(1);
    expect(at10.elapsed_days).toBe(1);
    expect(at8.stability).toBeCloseTo(at10.stability, 10);
    // The figures: 7.32 for a next-day review (UTC days gave 2.31 at 08:00).
    expect(at8.stability).toBeCloseTo(7.32, 1);
  });

  it('keeps a same-day answer same-day in the 25-hour night of a fall-back (New York, Lord Howe)', () => {
    const ny = { timeZone: 'America/New_York', rolloverHour: 0 };
    // 2026-11-01 is 25 hours long in New York: 00:30 EDT and 23:30 EST are the same day.
    const a = reviewCard(undefined, true, new Date('2026-11-01T04:30:00Z'), ny);
    expect(reviewCard(a, true, new Date('2026-11-02T04:29:00Z'), ny).elapsed_days).toBe(0);
    const lordHowe = { timeZone: 'Australia/Lord_Howe', rolloverHour: 2 };
    // 2026-04-05 02:00 LHDT → 01:30 LHST: the clock repeats half an hour around the rollover.
    const day = learnerDay(new Date('2026-04-04T12:00:00Z'), lordHowe);
    const b = reviewCard(undefined, 'good', within(day, 0.01, lordHowe), lordHowe);
    expect(reviewCard(b, 'good', within(day, 0.99, lordHowe), lordHowe).elapsed_days).toBe(0);
  });

  it('ranks by fractional time: a card answered last evening is less recalled than one answered this morning', () => {
    const s = { timeZone: 'Asia/Seoul', rolloverHour: 4 };
    const now = new Date('2026-03-11T22:00:00Z'); // 07:00 KST on the 12th
    const evening = reviewCard(
      reviewCard(undefined, true, new Date('2026-03-09T11:00:00Z'), s),
      true,
      new Date('2026-03-10T11:00:00Z'),
      s,
    );
    const morning = reviewCard(
      reviewCard(undefined, true, new Date('2026-03-09T11:00:00Z'), s),
      true,
      new Date('2026-03-10T11:00:00Z'),
      s,
    );
    const later = { ...morning, last_review: '2026-03-11T01:00:00Z' };
    expect(retrievability(evening, now)).toBeLessThan(retrievability(later, now));
    expect(retrievability(later, now)).toBeLessThan(1);
    expect(retrievability(evening, new Date(evening.last_review!))).toBe(1);
  });

  it('fuzzes long intervals (enable_fuzz) yet stays deterministic for the same review', () => {
    const s = { timeZone: 'UTC', rolloverHour: 0 };
    const intervals = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const t0 = new Date(Date.UTC(2026, 0, 1, 10, i));
      let card = reviewCard(undefined, 'easy', t0, s);
      card = reviewCard(card, 'easy', new Date(t0.getTime() + 10 * DAY), s);
      expect(reviewCard(reviewCard(undefined, 'easy', t0, s), 'easy', new Date(t0.getTime() + 10 * DAY), s)).toEqual(
        card,
      );
      intervals.add(card.scheduled_days);
    }
    expect(intervals.size).toBeGreaterThan(1);
  });
});
