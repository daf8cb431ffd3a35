import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiGatewayAdapter } from '../../local/api-gateway-adapter.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { callDay, notesModelCallKey } from '../../functions/domains/notes/model-calls.js';
import { NOTES_MODEL_LIMITS } from '#shared/contracts/notes-questions.js';
import { ephemeralItem } from '../support/accounts.js';
import { startBedrockFake, type BedrockFake } from '../support/bedrock-fake.js';
import { anonymousClient, fixtureUser } from '../support/fixture-users.js';
import {
  MODEL_ANSWER_EN,
  MODEL_ANSWER_EN_DROPPED,
  MODEL_ANSWER_EN_KEPT,
  MODEL_NOTES_EN,
} from '../data/notes-model-answers.js';

/*
 * The notes screen's model tier. The shared local server runs without it (NOTES_MODEL unset, as
 * every local run and test does): 404 notes_model_off. This file's own adapter runs the handlers
 * in this process with the tier on and a recorded Bedrock answer (tests/support/bedrock-fake.ts).
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sharedApi = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

let server: Server;
let apiUrl: string;
let bedrock: BedrockFake;

beforeAll(async () => {
  bedrock = await startBedrockFake(MODEL_ANSWER_EN);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
    BEDROCK_MODEL_ID: 'test-notes-model',
    NOTES_MODEL: 'on',
  });
  const adapter = createApiGatewayAdapter(rootDir);
  server = createServer((req, res) => void adapter(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await bedrock?.close();
});

const body = { text: MODEL_NOTES_EN, language: 'en' };

describe('POST /api/notes-questions/ (the model tier)', () => {
  it('is off on the shared local server: the status says so and the route answers 404 notes_model_off', async () => {
    const learner = await fixtureUser(sharedApi, { language: 'en' });
    const status = await learner.client.get('/api/notes-questions/');
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ enabled: false, calls_left: 0 });
    const res = await learner.client.post('/api/notes-questions/', body);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'notes_model_off', detail: expect.stringMatching(/off/) });
  });

  it('refuses the signed-out (401) on both routes, and serves the signed-in', async () => {
    const anonymous = await anonymousClient(apiUrl, 'en');
    for (const res of [
      await anonymous.get('/api/notes-questions/'),
      await anonymous.post('/api/notes-questions/', body),
    ])
      expect(res.status).toBe(401);
    expect(bedrock.calls).toHaveLength(0);
    const learner = await fixtureUser(apiUrl, { language: 'ko' });
    const status = await learner.client.get('/api/notes-questions/');
    expect(await status.json()).toEqual({
      enabled: true,
      calls_per_day: NOTES_MODEL_LIMITS.callsPerDay,
      calls_left: NOTES_MODEL_LIMITS.callsPerDay,
      max_chars: NOTES_MODEL_LIMITS.maxChars,
    });
  });

  it('keeps the grounded candidates, drops and counts the others, and prompts in the notes language', async () => {
    const learner = await fixtureUser(apiUrl, { language: 'en' });
    const before = bedrock.calls.length;
    const res = await learner.client.post('/api/notes-questions/', body);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      candidates: { content: string; answer: string; source: string; tier: string }[];
      dropped: number;
      calls_left: number;
    };
    expect(answer.candidates).toHaveLength(MODEL_ANSWER_EN_KEPT);
    expect(answer.dropped).toBe(MODEL_ANSWER_EN_DROPPED);
    const squeezedNotes = MODEL_NOTES_EN.replace(/\s+/g, ' ');
    for (const c of answer.candidates) {
      expect(c.tier).toBe('model');
      expect(squeezedNotes).toContain(c.source);
    }
    expect(answer.candidates[2]).toMatchObject({ answer: '1648, Thirty Years War' });
    expect(answer.calls_left).toBe(NOTES_MODEL_LIMITS.callsPerDay - 1);
    // One Converse call on the configured model, English prompt, the notes as data.
    expect(bedrock.calls).toHaveLength(before + 1);
    const call = bedrock.calls.at(-1)!;
    expect(decodeURIComponent(call.path)).toBe('/model/test-notes-model/converse');
    expect(call.body.system?.[0]?.text).toMatch(/Use only facts stated in the notes/);
    expect(JSON.parse(call.body.messages![0]!.content[0]!.text)).toEqual({ notes: MODEL_NOTES_EN });
    // The call is counted in the ephemeral table, with its TTL at the end of the UTC day.
    const counter = await ephemeralItem(notesModelCallKey(learner.id, callDay(Date.now()).day));
    expect(counter).toMatchObject({ count: 1, expiresAt: callDay(Date.now()).end });

    const ko = await learner.client.post('/api/notes-questions/', {
      text: '광합성은 식물이 빛 에너지를 화학 에너지로 바꾸는 과정이다.',
      language: 'ko',
    });
    expect(ko.status).toBe(200);
    // None of the recorded English sources are in these notes.
    expect(await ko.json()).toMatchObject({ candidates: [], dropped: 6 });
    expect(bedrock.calls.at(-1)!.body.system?.[0]?.text).toMatch(/노트에 적힌 사실만/);
  });

  it('answers 429 notes_model_limit with Retry-After once the day is used up, without calling the model', async () => {
    const learner = await fixtureUser(apiUrl, { language: 'en' });
    const { day, end } = callDay(Date.now());
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: { ...notesModelCallKey(learner.id, day), count: NOTES_MODEL_LIMITS.callsPerDay - 1, expiresAt: end },
      }),
    );
    const last = await learner.client.post('/api/notes-questions/', body);
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ calls_left: 0 });
    const calls = bedrock.calls.length;
    const refused = await learner.client.post('/api/notes-questions/', body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'notes_model_limit', detail: expect.stringContaining('20') });
    expect(bedrock.calls).toHaveLength(calls);
    const counter = await ephemeralItem(notesModelCallKey(learner.id, day));
    expect(counter).toMatchObject({ count: NOTES_MODEL_LIMITS.callsPerDay });
    expect(await (await learner.client.get('/api/notes-questions/')).json()).toMatchObject({ calls_left: 0 });
  });

  it('refuses notes past the limit after NFKC with 400 notes_text_too_long, and an answer with no JSON with 503', async () => {
    const learner = await fixtureUser(apiUrl, { language: 'en' });
    // One character that NFKC spells as several: short before normalising, too long after.
    const long = await learner.client.post('/api/notes-questions/', {
      text: '㍿'.repeat(NOTES_MODEL_LIMITS.maxChars / 2),
      language: 'ko',
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'notes_text_too_long' });
    bedrock.answer = 'I cannot help with that.';
    try {
      const res = await learner.client.post('/api/notes-questions/', body);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ code: 'notes_model_unavailable' });
    } finally {
      bedrock.answer = MODEL_ANSWER_EN;
    }
  });
});
