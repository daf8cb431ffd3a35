import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { addDays, learnerDay, learnerDayStart, DEFAULT_LEARNER_DAY } from '#shared/domain/learner-day.js';
import { ACCOUNT_ERROR_MESSAGES } from '#shared/i18n/account-error-messages.js';
import { applyReviewGrade, type ReviewUser } from '../../functions/domains/learning/review-grade.js';
import { moveReviews } from '../../functions/domains/learning/review-move.js';
import { applyAnswers } from '../../functions/domains/results/submit.js';
import { publicSourceExam } from '../support/learner-queue-fixtures.js';
import { reviewFuzzRange, schedulerFor, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import { measuredRetention, reviewLogToItems } from '../../functions/domains/learning/fsrs-fit.js';
import { MOVED_RATING } from '../../functions/domains/learning/entities/review-log.js';
import { useCloudEnv } from '../support/accounts.js';
import { writeDueCard, writeDueStat } from '../support/due-cards.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { storedReviewLog, storedStat, storedUser } from '../support/learner-records.js';
import { okJson } from '../support/responses.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
useCloudEnv();

const settings = DEFAULT_LEARNER_DAY;
const SUNDAY_REDUCED = ['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'reduced'];
const opId = () => `op-${uniqueSuffix()}`;
const dayOf = (iso: string) => learnerDay(new Date(iso), settings);

const reviewUser = (user: FixtureUser, fields: Partial<ReviewUser> = {}): ReviewUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  is_superuser: false,
  is_staff: false,
  language: 'en',
  ...fields,
});

describe('workload settings', () => {
  let en: FixtureUser;
  let ko: FixtureUser;
  beforeAll(async () => {
    [en, ko] = await Promise.all([fixtureUser(apiUrl, { language: 'en' }), fixtureUser(apiUrl, { language: 'ko' })]);
  });

  it('are stored on the user and answered by the profile; bad values are 400 invalid_easy_days in both languages', async () => {
    const before = await okJson(await en.client.get('/api/user-profile/get/'));
    expect(before).toMatchObject({ easy_days: Array(7).fill('normal'), load_balancing: true });

    const saved = await okJson(
      await en.client.patch('/api/user-profile/update/', { easy_days: SUNDAY_REDUCED, load_balancing: false }),
    );
    expect(saved).toMatchObject({ easy_days: SUNDAY_REDUCED, load_balancing: false });
    expect(await storedUser(en.id)).toMatchObject({ easy_days: SUNDAY_REDUCED, load_balancing: false });

    for (const [user, language] of [
      [en, 'en'],
      [ko, 'ko'],
    ] as const) {
      for (const easyDays of [['normal'], Array(7).fill('holiday'), Array(8).fill('normal')]) {
        const res = await user.client.patch('/api/user-profile/update/', { easy_days: easyDays });
        expect(res.status).toBe(400);
        const body = errorAnswer().parse(await res.json());
        expect(body.code).toBe('invalid_easy_days');
        expect(body.detail).toBe(ACCOUNT_ERROR_MESSAGES.invalid_easy_days[language]);
      }
    }
    expect((await en.client.patch('/api/user-profile/update/', { load_balancing: 'yes' })).status).toBe(400);
    // Nothing half-written: the refused requests left the saved setting alone.
    expect(await storedUser(en.id)).toMatchObject({ easy_days: SUNDAY_REDUCED, load_balancing: false });
  });
});

describe('the grade places its due day', () => {
  /** A review card due now, last reviewed 30 days ago, and the range its Good grade draws from. */
  async function setUp(user: FixtureUser, fill: number) {
    const now = new Date();
    await writeDueStat(user.id, 'wl-graded', 'exam', { daysAgo: 0, stability: 30 });
    const card = (await storedStat(user.id, 'wl-graded'))!.fsrs as FsrsCard;
    const range = reviewFuzzRange(card, 'good', now, settings, schedulerFor({}))!;
    const today = learnerDay(now, settings);
    // Every day of the range carries `fill` reviews but the last one, which is left empty.
    const writes: Promise<void>[] = [];
    for (let i = range.min; i < range.max; i++) {
      const due = new Date(learnerDayStart(addDays(today, i), settings).getTime() + 3_600_000);
      for (let k = 0; k < fill; k++) writes.push(writeDueCard(user.id, `wl-load-${i}-${k}`, due));
    }
    await Promise.all(writes);
    return { now, range, today };
  }

  it('on the lightest day of its fuzz range, with the same DynamoDB requests whatever the load', async () => {
    const counts: number[] = [];
    for (const fill of [1, 4]) {
      const user = await fixtureUser(apiUrl);
      const { now, range, today } = await setUp(user, fill);
      expect(range.max).toBeGreaterThan(range.min);
      const calls = countDynamoCalls();
      const answer = await applyReviewGrade(
        reviewUser(user, { load_balancing: true }),
        { grade_id: `g-${uniqueSuffix()}`, question_id: 'wl-graded', exam_id: 'exam', rating: 3 },
        now,
      );
      counts.push(calls.count());
      expect(dayOf(answer.due)).toBe(addDays(today, range.max));
      const stored = (await storedStat(user.id, 'wl-graded'))!;
      expect(dayOf(stored.fsrs.due)).toBe(addDays(today, range.max));
      expect(stored.gsi1sk.startsWith(stored.fsrs.due)).toBe(true);
    }
    // GetItem of the statistic, Query of the range's due counts, the grade's transaction.
    expect(counts).toEqual([3, 3]);
  });

  it('without load balancing or Easy Days, reads no counts and keeps the fuzz draw', async () => {
    const user = await fixtureUser(apiUrl);
    const { now, range, today } = await setUp(user, 1);
    const calls = countDynamoCalls();
    const answer = await applyReviewGrade(
      reviewUser(user, { load_balancing: false }),
      { grade_id: `g-${uniqueSuffix()}`, question_id: 'wl-graded', exam_id: 'exam', rating: 3 },
      now,
    );
    expect(calls.count()).toBe(2);
    expect(dayOf(answer.due)).toBe(addDays(today, range.fuzzed));
  });
});

describe('exam answers place their due days too', () => {
  it('a submit spreads its review cards by the due counts of one Query; without balancing it reads none', async () => {
    const source = await publicSourceExam('wl-submit', 3);
    const exam = source.exam;
    const questions = source.questions as { id: string; answer: string }[];
    const outcome: { requests: number; days: string[]; range: { min: number; max: number }; today: string }[] = [];
    for (const load_balancing of [true, false]) {
      const user = await fixtureUser(apiUrl);
      const now = new Date();
      for (const q of questions) await writeDueStat(user.id, q.id, exam.id, { daysAgo: 0, stability: 30 });
      const card = (await storedStat(user.id, questions[0]!.id))!.fsrs as FsrsCard;
      const range = reviewFuzzRange(card, 'good', now, settings, schedulerFor({}))!;
      const today = learnerDay(now, settings);
      // Every day of the range but the last carries 3 reviews: placed one after another, the three
      // right answers all fit on the last day (1, 2, then 3 reviews there against 4 elsewhere).
      const writes: Promise<void>[] = [];
      for (let i = range.min; i < range.max; i++) {
        const due = new Date(learnerDayStart(addDays(today, i), settings).getTime() + 3_600_000);
        for (let k = 0; k < 3; k++) writes.push(writeDueCard(user.id, `wl-sub-${i}-${k}`, due));
      }
      await Promise.all(writes);
      const calls = countDynamoCalls();
      const answer = await applyAnswers({
        kind: 'submit',
        caller: { ...reviewUser(user), load_balancing },
        language: 'en',
        examId: exam.id,
        answers: questions.map((q) => ({ question_id: q.id, answer: q.answer, elapsed_seconds: 3 })),
        elapsedSeconds: 10,
        submissionId: randomUUID(),
      });
      expect(answer.result).toMatchObject({ correct_count: 3 });
      const days = await Promise.all(questions.map(async (q) => dayOf((await storedStat(user.id, q.id))!.fsrs.due)));
      outcome.push({ requests: calls.count(), days, range, today });
    }
    const [balanced, drawn] = outcome;
    expect(balanced!.range.max).toBeGreaterThan(balanced!.range.min);
    expect(balanced!.days).toEqual(questions.map(() => addDays(balanced!.today, balanced!.range.max)));
    // The fuzz's draws stay inside the range; the placement costs exactly one request more.
    for (const day of drawn!.days) {
      expect(day >= addDays(drawn!.today, drawn!.range.min) && day <= addDays(drawn!.today, drawn!.range.max)).toBe(
        true,
      );
    }
    expect(balanced!.requests).toBe(drawn!.requests + 1);
  });
});

describe('postpone and advance', () => {
  it('move the cards least harmed, once per operation id, in three requests', async () => {
    const user = await fixtureUser(apiUrl);
    const now = new Date();
    // Due today: stabilities 3, 20 and 90 days; due later: in 2 and 10 days.
    await writeDueStat(user.id, 'wl-s3', 'exam', { daysAgo: 0, stability: 3 });
    await writeDueStat(user.id, 'wl-s20', 'exam', { daysAgo: 0, stability: 20 });
    await writeDueStat(user.id, 'wl-s90', 'exam', { daysAgo: 0, stability: 90 });
    await writeDueStat(user.id, 'wl-in2', 'exam', { daysAgo: -2, stability: 10 });
    await writeDueStat(user.id, 'wl-in10', 'exam', { daysAgo: -10, stability: 10 });
    const today = learnerDay(now, settings);

    // Advance first: a card postponed below would be a later card too.
    const advanced = await okJson(await user.client.post('/api/review-advance/', { operation_id: opId(), count: 1 }));
    expect(advanced.moved).toEqual([{ question_id: 'wl-in2', from: addDays(today, 2), to: today }]);
    expect(dayOf((await storedStat(user.id, 'wl-in2'))!.fsrs.due)).toBe(today);
    expect(dayOf((await storedStat(user.id, 'wl-in10'))!.fsrs.due)).toBe(addDays(today, 10));

    const calls = countDynamoCalls();
    const body = { operation_id: opId(), count: 2 };
    const postponed = await moveReviews(reviewUser(user), body, 'postpone', now);
    expect(calls.count()).toBe(3);
    expect(postponed.replayed).toBe(false);
    expect(postponed.moved).toHaveLength(2);
    expect(postponed.moved.map((m) => m.question_id)).not.toContain('wl-s3');
    for (const move of postponed.moved) {
      expect(move.to > today).toBe(true);
      const stat = (await storedStat(user.id, move.question_id))!;
      expect(dayOf(stat.fsrs.due)).toBe(move.to);
      expect(stat.gsi1sk).toBe(`${stat.fsrs.due}#${move.question_id}`);
      expect(stat.version).toBe(2);
    }

    // The same operation again: its answer, nothing moved twice.
    const replay = await okJson(await user.client.post('/api/review-postpone/', body));
    expect(replay).toEqual({ ...postponed, replayed: true });
    for (const move of postponed.moved) expect((await storedStat(user.id, move.question_id))!.version).toBe(2);

    // Each move is one review-log item of rating-0 rows (the new interval as days), logged once
    // despite the replay; the fitter and the measured retention skip them.
    const logs = await storedReviewLog(user.id);
    const byKind = Object.fromEntries(logs.map((log) => [String(log.result_id).split('.')[0], log]));
    expect(Object.keys(byKind).sort()).toEqual(['advance', 'postpone']);
    expect(logs).toHaveLength(2);
    expect(byKind.postpone.result_id).toBe(`postpone.${body.operation_id}`);
    expect(byKind.postpone.reviews.map((row: unknown[]) => row[0]).sort()).toEqual(
      postponed.moved.map((m) => m.question_id).sort(),
    );
    for (const [questionId, rating, days, before, after, seconds] of byKind.postpone.reviews) {
      const move = postponed.moved.find((m) => m.question_id === questionId)!;
      const last = dayOf((await storedStat(user.id, questionId))!.fsrs.last_review);
      expect([rating, before, after, seconds]).toEqual([MOVED_RATING, 2, 2, -1]);
      expect(addDays(last, days)).toBe(move.to);
    }
    expect(byKind.advance.reviews).toEqual([['wl-in2', MOVED_RATING, expect.any(Number), 2, 2, -1]]);
    expect(reviewLogToItems(logs as never)).toEqual([]);
    expect(measuredRetention(logs as never)).toEqual({ retention: null, reviews: 0 });

    for (const bad of [{ count: 0 }, { count: 51 }, { count: 2.5 }, { operation_id: 'x' }])
      expect((await user.client.post('/api/review-advance/', { operation_id: opId(), count: 1, ...bad })).status).toBe(
        400,
      );
  });
});

describe('the retention helper', () => {
  it('answers the simulated year at each retention, for the stored or the asked new cards a day', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const stored = await okJson(await user.client.get('/api/review-workload/'));
    expect(stored).toMatchObject({ days: 365, new_cards_per_day: 20, desired_retention: 0.9, personal: false });
    expect(stored.options.map((o: { retention: number }) => o.retention)).toEqual([
      0.8, 0.83, 0.86, 0.9, 0.93, 0.95, 0.97,
    ]);
    const asked = await okJson(await user.client.get('/api/review-workload/?new_cards_per_day=40'));
    expect(asked.new_cards_per_day).toBe(40);
    expect(asked.options[3].average_reviews).toBeCloseTo(2 * stored.options[3].average_reviews, 0);
    const refused = await user.client.get('/api/review-workload/?new_cards_per_day=600');
    expect(refused.status).toBe(400);
    expect(errorAnswer().parse(await refused.json()).code).toBe('invalid_new_cards_per_day');
  });
});
