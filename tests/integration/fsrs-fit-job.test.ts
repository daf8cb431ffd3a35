import { BatchGetCommand, BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { createLogger } from '../../functions/runtime/log.js';
import { FIT_JOB_PERIOD_MS } from '../../functions/domains/learning/memory-fit.js';
import { runFsrsFitJob } from '../../functions/jobs/fsrs-fit-run.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { syntheticReviewLog } from '../support/synthetic-review-log.js';
import { storedUser, writeReviewLog } from '../support/learner-records.js';

/**
 * The scheduled fit job (functions/jobs/fsrs-fit.ts) on the shared test table: it walks every user of
 * the index as in production, and fits only the learners of this file (`only`), so other files' users
 * are never claimed.
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const log = createLogger({ job: 'fsrs-fit-test' });

let rich: FixtureUser;
let poor: FixtureUser;
let stale: FixtureUser;

beforeAll(async () => {
  [rich, poor, stale] = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl), fixtureUser(apiUrl)]);
  // Fixture users are written without the list index a sign-up puts them on; the job walks that index.
  for (const user of [rich, poor, stale]) {
    const index = userEntity.listIndex(user.id, user.username);
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(user.id),
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
      }),
    );
  }
  await writeReviewLog(rich.id, syntheticReviewLog(300, 11));
  await writeReviewLog(poor.id, syntheticReviewLog(5, 4));
  await writeReviewLog(stale.id, syntheticReviewLog(300, 12));
}, 60_000);

describe('fsrs-fit job', () => {
  it('stores fitted weights for a learner with enough reviews, keeps the defaults for one without', async () => {
    const only = new Set([rich.id, poor.id]);
    const counts = await runFsrsFitJob(Date.now() + 120_000, log, { only });
    expect(counts).toMatchObject({ visited: 2, fitted: 1, too_few: 1, kept_defaults: 0, stopped: false });
    const fitted = await storedUser(rich.id);
    expect(fitted?.fsrs_weights).toHaveLength(21);
    expect(fitted?.fsrs_fit_outcome).toBe('fitted');
    expect(fitted?.fsrs_review_count).toBeGreaterThanOrEqual(400);
    // What the job decided is stored with the figures it decided on.
    expect(fitted).toMatchObject({ fsrs_fit_kind: 'full' });
    expect(fitted?.fsrs_held_back).toBeGreaterThan(0);
    expect(fitted?.fsrs_log_loss_after).toBeLessThan(fitted?.fsrs_log_loss_before);
    expect(typeof fitted?.fsrs_fitted_at).toBe('string');
    const defaults = await storedUser(poor.id);
    expect(defaults?.fsrs_weights).toBeUndefined();
    expect(defaults).toMatchObject({
      fsrs_fit_outcome: 'too_few_reviews',
      fsrs_fit_kind: null,
      fsrs_held_back: 0,
      fsrs_log_loss_before: null,
      fsrs_log_loss_after: null,
    });

    // Within the week nobody is fitted again.
    expect(await runFsrsFitJob(Date.now() + 120_000, log, { only })).toMatchObject({ visited: 0 });
  }, 120_000);

  it('refits a learner whose fit is older than a week, and stops at its limit', async () => {
    const old = new Date(Date.now() - FIT_JOB_PERIOD_MS - 60_000).toISOString();
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(stale.id),
        UpdateExpression: 'SET fsrs_fitted_at = :old',
        ExpressionAttributeValues: { ':old': old },
      }),
    );
    const only = new Set([stale.id, poor.id]);
    // `poor` was fitted in the first test (this week): only `stale` is due.
    expect(await runFsrsFitJob(Date.now() + 120_000, log, { only, limit: 0 })).toMatchObject({
      visited: 0,
      stopped: true,
    });
    const counts = await runFsrsFitJob(Date.now() + 120_000, log, { only });
    expect(counts).toMatchObject({ visited: 1, stopped: false });
    const item = await storedUser(stale.id);
    expect(item?.fsrs_fitted_at > old).toBe(true);
    expect(['fitted', 'kept_current']).toContain(item?.fsrs_fit_outcome);
  }, 120_000);

  it('reaches every learner in turn: 1,000 learners, 50 a run, all fitted once within 20 runs (the walk keeps its cursor)', async () => {
    // Seeded straight into the table: USER items on the list index, without review logs (a fit is then quick).
    const ids = Array.from({ length: 1000 }, () => ulid());
    for (let i = 0; i < ids.length; i += 25)
      await dynamoDocument().send(
        new BatchWriteCommand({
          RequestItems: {
            [config.appTable]: ids.slice(i, i + 25).map((id) => ({
              PutRequest: {
                Item: {
                  ...userEntity.key(id),
                  ...userEntity.listIndex(id, `walk-${id}`),
                  id,
                  username: `walk-${id}`,
                  // What every USER item holds: the admin list and its sheet read these users too.
                  date_joined: new Date().toISOString(),
                  language: 'en',
                },
              },
            })),
          },
        }),
      );
    const only = new Set(ids);
    const walk = `test-${ulid()}`;
    const fittedAt = async () => {
      const found = new Map<string, string>();
      for (let i = 0; i < ids.length; i += 100) {
        const { Responses } = await dynamoDocument().send(
          new BatchGetCommand({
            RequestItems: {
              [config.appTable]: {
                Keys: ids.slice(i, i + 100).map((id) => userEntity.key(id)),
                ProjectionExpression: 'id, fsrs_fitted_at',
              },
            },
          }),
        );
        for (const item of Responses?.[config.appTable] ?? [])
          if (typeof item.fsrs_fitted_at === 'string') found.set(item.id as string, item.fsrs_fitted_at);
      }
      return found;
    };
    let runs = 0;
    let visited = 0;
    for (; runs < 20 && visited < ids.length; runs++) {
      const counts = await runFsrsFitJob(Date.now() + 120_000, log, { only, limit: 50, walk });
      expect(counts.visited).toBeLessThanOrEqual(50);
      expect(counts.failed).toBe(0);
      visited += counts.visited;
    }
    expect(runs).toBeLessThanOrEqual(20);
    // Each learner once: 1,000 fits, every USER item claimed and its outcome stored.
    expect(visited).toBe(ids.length);
    expect((await fittedAt()).size).toBe(ids.length);
    // The next run starts from the top again and finds nobody due within the week.
    expect(await runFsrsFitJob(Date.now() + 120_000, log, { only, limit: 50, walk })).toMatchObject({ visited: 0 });
  }, 180_000);
});
