import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiGatewayAdapter } from '../../local/api-gateway-adapter.js';
import { provisionTables } from '../../local/provision.js';
import { readSwitches, setSwitch } from '../../local/switches.js';
import { handler as runMailJob } from '../../functions/jobs/daily-quiz-email.js';
import { handler as runFitJob } from '../../functions/jobs/fsrs-fit.js';
import { SWITCH } from '../../functions/runtime/switches.js';
import { COMMON_ERROR_MESSAGES } from '#shared/i18n/error-messages.js';
import { clientFor, makeUser } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { storedUser, writeReviewLog } from '../support/learner-records.js';
import { syntheticReviewLog } from '../support/synthetic-review-log.js';

/*
 * The kill switches (D361) on the local cloud. The handlers run in this process, behind an adapter
 * of its own, reading the switch item from a table of this file's own (SWITCHES_TABLE): the other
 * files share the app table and must not see these pauses. Everything else is the shared tables.
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cloudEnv = inject('cloudEnv');
Object.assign(process.env, cloudEnv, { FEATURE_SWITCH_CACHE_SECONDS: '0' });

let server: Server;
let apiUrl: string;

beforeAll(async () => {
  const own = await provisionTables(cloudEnv.AWS_ENDPOINT_URL_DYNAMODB!, `switches-${randomUUID().slice(0, 8)}-`);
  process.env.SWITCHES_TABLE = own.APP_TABLE!;
  const adapter = createApiGatewayAdapter(rootDir);
  server = createServer((req, res) => void adapter(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => server?.close());

interface StoredMail {
  destination: { to: string[] };
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const store = await (await fetch(`${cloudEnv.AWS_ENDPOINT_URL_SESV2}/store`)).json();
  return (store as { emails: StoredMail[] }).emails.filter((m) => m.destination.to.includes(address));
}

describe('kill switches', () => {
  let learner: FixtureUser;
  beforeAll(async () => {
    learner = await fixtureUser(apiUrl);
    await writeReviewLog(learner.id, syntheticReviewLog(80, 5));
  }, 60_000);

  it('a paused fit answers 503 feature_paused with Retry-After in the caller language, fits nothing, and fits once resumed', async () => {
    await setSwitch(SWITCH.fsrsFit, false);
    expect(await readSwitches()).toEqual({ daily_mail: true, fsrs_fit: false, model_calls: true });

    const paused = await learner.client.post('/api/memory-fit/', {});
    expect(paused.status).toBe(503);
    expect(paused.headers.get('retry-after')).toBe('300');
    const body = (await paused.json()) as { code: string; detail: string };
    expect(body.code).toBe('feature_paused');
    // The learner reads Korean (the fixture's language).
    expect(body.detail).toBe(COMMON_ERROR_MESSAGES.feature_paused.ko.replace('{seconds}', '300'));
    // The read route is not paused; nothing was claimed or stored.
    expect((await learner.client.get('/api/memory-fit/')).status).toBe(200);
    expect((await storedUser(learner.id))?.fsrs_fitted_at).toBeUndefined();
    // The scheduled job does nothing either.
    expect(await runFitJob()).toEqual({ job: 'fsrs-fit', paused: true });
    expect((await storedUser(learner.id))?.fsrs_fitted_at).toBeUndefined();

    await setSwitch(SWITCH.fsrsFit, true);
    const resumed = await learner.client.post('/api/memory-fit/', {});
    expect(resumed.status, await resumed.clone().text()).toBe(200);
    expect((await storedUser(learner.id))?.fsrs_fitted_at).toEqual(expect.any(String));
  }, 60_000);

  it('a paused daily mail plans no shard and sends nothing; resumed, the same day mails the recipient once', async () => {
    const author = await fixtureUser(apiUrl, { language: 'en' });
    const file = await uploadBank(author, `switch-${author.id}.xlsx`, 6);
    const exam = await createExam(author, {
      title: 'Switch',
      question_count: 6,
      file_name: file.name,
      is_public: true,
    });
    const user = await makeUser({ language: 'en', email_verified: true, random_exam_email_enabled: true });
    const client = await clientFor(apiUrl, user);
    const subscribe = { exam_ids: [exam.id], action: 'subscribe' };
    expect((await client.post('/api/exam-subscription/bulk-toggle/', subscribe)).status).toBe(200);

    await setSwitch(SWITCH.dailyMail, false);
    expect(await runMailJob({ mode: 'plan' })).toEqual({ tasks: [], expected: 0 });
    const pausedRun = await runMailJob();
    expect(pausedRun).toMatchObject({ sent: 0, failed: 0, pausedShards: 16 });
    expect(await mailsTo(user.email)).toEqual([]);

    await setSwitch(SWITCH.dailyMail, true);
    expect((await runMailJob({ mode: 'plan' })).tasks).toHaveLength(16);
    const resumed = await runMailJob();
    expect(resumed).toMatchObject({ pausedShards: 0 });
    expect(await mailsTo(user.email)).toHaveLength(1);
  }, 120_000);

  it('model calls off: evaluate-answer grades locally without calling the model; on, it calls it', async () => {
    // A stand-in Bedrock endpoint (the runtime client speaks HTTP/2) that counts calls and fails
    // them: the evaluator then falls back to the local one.
    let modelCalls = 0;
    const bedrock = createHttp2Server((req, res) => {
      modelCalls++;
      req.resume().on('end', () => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((r) => bedrock.listen(0, '127.0.0.1', r));
    process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = `http://127.0.0.1:${(bedrock.address() as AddressInfo).port}`;
    process.env.BEDROCK_MODEL_ID = 'test-model';
    try {
      const author = await fixtureUser(apiUrl, { language: 'en' });
      const file = await uploadBank(author, `switch-model-${author.id}.xlsx`, 3);
      const exam = await createExam(author, {
        title: 'Model',
        question_count: 3,
        file_name: file.name,
        is_public: true,
      });
      const [question] = (await (await author.client.get(`/api/exam/${exam.id}/questions/`)).json()) as {
        id: string;
      }[];
      const evaluate = async () => {
        const res = await author.client.post('/api/evaluate-answer/', {
          exam_id: exam.id,
          question_id: question!.id,
          user_answer: 'some words',
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { evaluator: string }).evaluator;
      };

      await setSwitch(SWITCH.modelCalls, false);
      expect(await evaluate()).toBe('local');
      expect(modelCalls).toBe(0);
      await setSwitch(SWITCH.modelCalls, true);
      expect(await evaluate()).toBe('local');
      expect(modelCalls).toBe(1);
    } finally {
      delete process.env.BEDROCK_MODEL_ID;
      delete process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME;
      bedrock.close();
    }
  }, 60_000);
});
