import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { nextStat } from '../../functions/domains/learning/question-stat.js';
import { schedulerFor, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { syntheticReviewLog } from '../support/synthetic-review-log.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { getMemoryFit, readReviewLog } from '../../functions/domains/learning/memory-fit.js';
import { setUserFields, storedUser, writeReviewLog } from '../support/learner-records.js';
import { DEFAULT_WEIGHTS } from '../../functions/domains/learning/fsrs-fit.js';
import { movedWeights, syntheticFsrsLog } from '../../bench/synthetic-fsrs-learner.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;

describe('per-learner FSRS weights', () => {
  let user: FixtureUser;
  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    await writeReviewLog(user.id, syntheticReviewLog(300, 11));
  }, 60_000);

  it('starts on the defaults with nothing fitted', async () => {
    const res = await user.client.get('/api/memory-fit/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      personal: false,
      fitted_at: null,
      measured_retention: null,
      desired_retention: 0.9,
      min_reviews: 60,
      full_min_reviews: 1000,
      outcome: null,
      kind: null,
      held_back: 0,
      log_loss_before: null,
      log_loss_after: null,
    });
  });

  it('fits the caller from their review log, stores the weights, and refuses a second fit the same day', async () => {
    const res = await user.client.post('/api/memory-fit/', {});
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Json;
    expect(answer).toMatchObject({ personal: true, outcome: 'fitted' });
    expect(answer.review_count).toBeGreaterThanOrEqual(400);
    expect(answer.measured_retention).toBeGreaterThan(0);
    expect(answer.measured_retention).toBeLessThan(0.9);
    // Judged on the newest fifth against the defaults it replaces: lower log loss, kept.
    expect(answer).toMatchObject({ kind: 'full' });
    expect(answer.held_back).toBeGreaterThan(0);
    expect(answer.log_loss_after).toBeLessThan(answer.log_loss_before);
    const stored = await storedUser(user.id);
    expect(stored?.fsrs_weights).toHaveLength(21);
    expect(stored).toMatchObject({
      fsrs_fit_outcome: 'fitted',
      fsrs_fit_kind: 'full',
      fsrs_held_back: answer.held_back,
      fsrs_log_loss_before: answer.log_loss_before,
      fsrs_log_loss_after: answer.log_loss_after,
    });
    // The profile's read returns what was stored.
    expect(await (await user.client.get('/api/memory-fit/')).json()).toEqual(answer);

    const again = await user.client.post('/api/memory-fit/', {});
    expect(again.status).toBe(429);
    expect(((await again.json()) as Json).code).toBe('too_many_requests');
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);

  it('schedules the next graded answer with the fitted weights', async () => {
    const file = await uploadBank(user, `fit-${randomUUID().slice(0, 8)}.xlsx`, 1, false);
    const exam = await createExam(user, { title: 'fit', question_count: 1, file_id: file.id, is_public: false });
    const [question] = (await (await user.client.get(`/api/exam/${exam.id}/questions/`)).json()) as Json[];
    // A review card last answered 12 days ago, as a submit would have written it.
    const then = new Date(Date.now() - 12 * 86_400_000);
    const base = nextStat(user.id, question!.id, undefined, [true], then, exam.id);
    const card: FsrsCard = { ...base.fsrs, state: 'review', stability: 8, difficulty: 5, scheduled_days: 8 };
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...base, fsrs: card, ...questionStatEntity.dueIndex(user.id, card.due, question!.id) },
      }),
    );
    const submit = await user.client.post('/api/submit-exam/', {
      exam_id: exam.id,
      answers: [{ question_id: question!.id, answer: String(question!.answer), elapsed_seconds: 4 }],
      elapsed_seconds: 4,
      submission_id: randomUUID(),
    });
    expect(submit.status, await submit.clone().text()).toBe(200);
    const { Item } = await dynamoDocument().send(
      new GetCommand({
        TableName: config.appTable,
        Key: questionStatEntity.key(user.id, question!.id),
        ConsistentRead: true,
      }),
    );
    const after = Item!.fsrs as FsrsCard;
    const answeredAt = new Date(Item!.last_answered_at as string);
    const fitted = schedulerFor(await storedUser(user.id)).review(card, true, answeredAt);
    const defaults = schedulerFor({}).review(card, true, answeredAt);
    expect(fitted.stability).not.toBeCloseTo(defaults.stability, 3);
    expect(after.stability).toBeCloseTo(fitted.stability, 6);
    expect(after.due).toBe(fitted.due);
  }, 60_000);

  it('reads in requests that do not grow with the learner: one GetItem for the card, one Query page per MB of log', async () => {
    const calls = countDynamoCalls();
    const ctx = { caller: { user: { id: user.id } } } as Parameters<typeof getMemoryFit>[1];
    calls.reset();
    expect((await getMemoryFit({} as Parameters<typeof getMemoryFit>[0], ctx)).personal).toBe(true);
    expect(calls.byCommand()).toEqual({ GetItemCommand: 1 });
    calls.reset();
    const log = await readReviewLog(user.id);
    // The synthetic 1,800 rows and the graded answer of the test before.
    expect(log.reduce((sum, record) => sum + record.reviews.length, 0)).toBe(1_801);
    // 1,800 rows are ≈ 80 KB: one page of the Query (the fit's only read that grows, at ≈ 1 page per MB).
    expect(calls.byCommand()).toEqual({ QueryCommand: 1 });
  });

  it('fits only the first stabilities from a short log, and keeps the rest of the weights', async () => {
    const early = await fixtureUser(apiUrl);
    // A learner who forgets first answers fast, 11 days in: ~75 items, far fewer than a full fit needs.
    await writeReviewLog(
      early.id,
      syntheticFsrsLog({ weights: movedWeights(2, 0.3), newPerDay: 5, days: 11, seed: 2 }),
    );
    const res = await early.client.post('/api/memory-fit/', {});
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Json;
    expect(answer).toMatchObject({ kind: 'initial', outcome: 'fitted', personal: true });
    expect(answer.review_count).toBeGreaterThanOrEqual(60);
    expect(answer.review_count).toBeLessThan(1000);
    expect(answer.log_loss_after).toBeLessThan(answer.log_loss_before);
    const weights = (await storedUser(early.id))?.fsrs_weights as number[];
    expect(weights.slice(4)).toEqual(DEFAULT_WEIGHTS.slice(4));
    // Good's first stability below the defaults', as the learner's.
    expect(weights[2]).toBeLessThan(DEFAULT_WEIGHTS[2]!);
  }, 60_000);

  it('keeps the current weights when the fit predicts the newest reviews worse, and says so', async () => {
    const shifted = await fixtureUser(apiUrl);
    const personal = [...DEFAULT_WEIGHTS];
    personal[2] = 2.5;
    await setUserFields(shifted.id, { fsrs_weights: personal });
    // The older reviews are a fast forgetter's, the newest ones those of a learner on the defaults.
    await writeReviewLog(shifted.id, [
      ...syntheticFsrsLog({ weights: movedWeights(5, 0.2), newPerDay: 8, days: 30, seed: 5, prefix: 'a' }),
      ...syntheticFsrsLog({ weights: [...DEFAULT_WEIGHTS], newPerDay: 8, days: 8, seed: 6, prefix: 'b', startDay: 30 }),
    ]);
    const res = await shifted.client.post('/api/memory-fit/', {});
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Json;
    expect(answer).toMatchObject({ outcome: 'kept_current', kind: 'initial', personal: true });
    expect(answer.log_loss_after).toBeGreaterThan(answer.log_loss_before);
    const stored = await storedUser(shifted.id);
    expect(stored?.fsrs_weights).toEqual(personal);
    expect(stored).toMatchObject({ fsrs_fit_outcome: 'kept_current', fsrs_log_loss_after: answer.log_loss_after });
    expect(await (await shifted.client.get('/api/memory-fit/')).json()).toEqual(answer);
  }, 60_000);

  it('keeps the defaults for a learner below the threshold', async () => {
    const small = await fixtureUser(apiUrl);
    await writeReviewLog(small.id, syntheticReviewLog(5, 4));
    const res = await small.client.post('/api/memory-fit/', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ personal: false, outcome: 'too_few_reviews' });
    expect((await storedUser(small.id))?.fsrs_weights).toBeUndefined();
  });

  it('withdrawal removes the weights with the user and the log', async () => {
    expect((await user.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await storedUser(user.id)).toBeUndefined();
    const left = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userPk(user.id) },
      ConsistentRead: true,
    });
    expect(left).toHaveLength(0);
  });
});
