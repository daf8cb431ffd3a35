import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { settledJob } from '../support/export-jobs.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.js';
import { freePort, type Engine } from '../../local/engines.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { apkgBytes } from '../support/anki-deck.js';
import { png } from '../support/images.js';
import { multipartForm } from '../support/sheets.js';
import { objectsUnder } from '../support/exam-store.js';
import { startBedrockFake, type BedrockFake } from '../support/bedrock-fake.js';
import { MODEL_ANSWER_EN, MODEL_NOTES_EN } from '../data/notes-model-answers.js';

/*
 * Kill each engine of the local cloud in turn during a stream of requests.
 * While it is down, the routes that need it answer 503 with Retry-After (never 500); the
 * supervisor restarts it on the same port and data directory; the same cached SDK clients then
 * succeed again, and nothing written before the kill is lost. This file runs its own cloud with a
 * persistent data directory (an in-memory DynamoDB Local would lose its data with its process).
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'quizbank-faults-'));
let cloud: LocalCloud;
let user: FixtureUser;
let fileName: string;
let fileBytes: number;
let resultId: string;
let fileId: string;
let uploadId: string;
let importedImage: string;
let examId: string;
let questionId: string;
let bedrock: BedrockFake;

/** A signed-in user with an unverified email address (each may be sent one verification mail). */
async function userWithEmail(): Promise<FixtureUser> {
  const created = await fixtureUser(cloud.url, { language: 'en' });
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: userEntity.key(created.id),
      UpdateExpression: 'SET email = :email',
      ExpressionAttributeValues: { ':email': `${created.username}@example.com` },
    }),
  );
  return created;
}

beforeAll(async () => {
  // The notes model tier on, with a recorded model (its routes read and count in the ephemeral table).
  bedrock = await startBedrockFake(MODEL_ANSWER_EN);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
    BEDROCK_MODEL_ID: 'test-notes-model',
    NOTES_MODEL: 'on',
  });
  cloud = await startLocalCloud({ rootDir, port: await freePort(), dataDir, web: 'none', scheduler: false });
  user = await fixtureUser(cloud.url, { language: 'en' });
  const file = await uploadBank(user, `faults-${Date.now()}.xlsx`, 5);
  fileName = file.name;
  fileId = file.id;
  // A pending upload the preview reads (the import preview's routes join the fault test).
  const sheet = new TextEncoder().encode('question\tanswer\nq1\ta1\n');
  const ticket = (await (
    await user.client.post('/api/question-files/upload-url/', { file_name: 'faults.tsv', size: sheet.length })
  ).json()) as { upload_id: string; url: string };
  expect((await fetch(ticket.url, { method: 'PUT', body: sheet })).status).toBe(200);
  uploadId = ticket.upload_id;
  // A deck with an image: the file's image route joins the s3rver case (D176).
  const deck = await apkgBytes([{ fields: ['<img src="a.png">', 'a'] }], 'anki2', { 'a.png': png(4, 4) });
  const imported = (await (
    await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm({ is_public: 'false' }, { name: `faults-${Date.now()}.apkg`, bytes: deck }),
    })
  ).json()) as { file: { id: string }; report: { images: { stored: number } } };
  expect(imported.report.images.stored).toBe(1);
  const [key] = await objectsUnder(`file-images/${imported.file.id}/`);
  importedImage = `/api/file/${imported.file.id}/images/${key!.split('/')[2]}/`;
  fileBytes = (
    await (await user.client.get(`/api/question-files/${encodeURIComponent(fileName)}/download/`)).arrayBuffer()
  ).byteLength;
  const exam = await createExam(user, {
    title: `faults ${Date.now()}`,
    file_id: file.id,
    question_count: 5,
    is_public: false,
  });
  const questions = (await (await user.client.get(`/api/exam/${exam.id}/questions/`)).json()) as { id: string }[];
  examId = exam.id;
  questionId = questions[0]!.id;
  const submitted = await user.client.post('/api/submit-exam/', {
    exam_id: exam.id,
    elapsed_seconds: 30,
    submission_id: randomUUID(),
    answers: questions.map((q) => ({ question_id: q.id, answer: 'x', elapsed_seconds: 3 })),
  });
  expect(submitted.status).toBe(200);
  resultId = ((await submitted.json()) as { result_id: string }).result_id;
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  await bedrock?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What was written before any kill, read back through the API. */
async function everythingIsThere(): Promise<void> {
  const results = await user.client.get(`/api/exam-result/${resultId}/`);
  expect(results.status).toBe(200);
  const files = (await (await user.client.get('/api/question-files/')).json()) as { files: { name: string }[] };
  expect(files.files.map((f) => f.name)).toContain(fileName);
  const download = await user.client.get(`/api/question-files/${encodeURIComponent(fileName)}/download/`);
  expect(download.status).toBe(200);
  expect((await download.arrayBuffer()).byteLength).toBe(fileBytes);
}

/**
 * Sends `probe` back to back from before the kill until it succeeds after the restart. Every
 * answer is a success or a 503 with Retry-After; at least one 503 is seen while the engine is down.
 */
async function killDuringStream(engine: Engine, probe: () => Promise<Response>): Promise<void> {
  const statuses: number[] = [];
  const check = async () => {
    const res = await probe();
    const body = await res.text();
    statuses.push(res.status);
    if (res.status === 503) {
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(JSON.parse(body)).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    } else {
      expect(res.status, body).toBeLessThan(300);
    }
    return res.status;
  };
  expect(await check()).toBeLessThan(300);
  const restartsBefore = engine.restarts;
  engine.kill();
  // While it is down, and until its supervisor has it back:
  let downAnswers = 0;
  const deadline = Date.now() + 30_000;
  while (engine.restarts === restartsBefore && Date.now() < deadline) {
    if ((await check()) === 503) downAnswers += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  await engine.ready();
  expect(engine.restarts).toBe(restartsBefore + 1);
  expect(downAnswers, `statuses while down: ${statuses.join(',')}`).toBeGreaterThan(0);
  // After the restart the same cached SDK clients succeed again.
  expect(await check()).toBeLessThan(300);
  expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
}

describe('engine supervision and 503 while an engine is down', () => {
  it('DynamoDB Local: data routes answer 503 with Retry-After, then succeed with all data after the restart', async () => {
    // The probe takes turns over reads and writes, this session's routes among them (the due rule,
    // closing a sitting, burying a card, an offline batch sent again and again): each answers 503 with
    // Retry-After while the table is down.
    const offline = {
      grade_id: `faults-${randomUUID()}`,
      question_id: questionId,
      exam_id: examId,
      rating: 3,
      graded_at: new Date().toISOString(),
    };
    const probes = [
      () => user.client.post('/api/review-sync/', { records: [offline] }),
      () => user.client.get('/api/exam-results/'),
      () => user.client.get('/api/due-today/'),
      () => user.client.post(`/api/exam/${examId}/sitting/close/`, {}),
      () => user.client.post('/api/review-bury/', { question_id: questionId, buried: false }),
      // The notes model tier: its status and a call (the day's counter is an ephemeral-table item).
      () => user.client.get('/api/notes-questions/'),
      () => user.client.post('/api/notes-questions/', { text: MODEL_NOTES_EN, language: 'en' }),
    ];
    let turn = 0;
    await killDuringStream(cloud.engines.dynamodb, () => probes[turn++ % probes.length]!());
    await everythingIsThere();
  }, 60_000);

  it('s3rver: file routes answer 503 with Retry-After, then succeed with the same files after the restart', async () => {
    await killDuringStream(cloud.engines.s3, () =>
      user.client.get(`/api/question-files/${encodeURIComponent(fileName)}/download/`),
    );
    await everythingIsThere();
  }, 60_000);

  it("s3rver: a file's imported image answers 503 with Retry-After, then the image", async () => {
    await killDuringStream(cloud.engines.s3, () => user.client.get(importedImage));
    await everythingIsThere();
  }, 60_000);

  it('DynamoDB Local: the export route answers 503 with Retry-After, then the same export', async () => {
    await killDuringStream(cloud.engines.dynamodb, () =>
      user.client.get(`/api/question-files/${fileId}/export/?format=csv`),
    );
    await everythingIsThere();
  }, 60_000);

  it('DynamoDB Local: a background export job answers 503 with Retry-After, then the same job (D195)', async () => {
    const started = await user.client.post('/api/export-user-data/');
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await settledJob(user.client, id);
    await killDuringStream(cloud.engines.dynamodb, () => user.client.get(`/api/exports/${id}/`));
    expect(await (await user.client.get(`/api/exports/${id}/`)).json()).toMatchObject({ id, status: 'done' });
  }, 60_000);

  it('s3rver: the import preview answers 503 with Retry-After, then the same preview', async () => {
    await killDuringStream(cloud.engines.s3, () =>
      user.client.post('/api/question-files/preview/', { upload_id: uploadId, file_name: 'faults.tsv' }),
    );
    await everythingIsThere();
  }, 60_000);

  it('the SES emulator: mail routes answer 503 with Retry-After, then send after the restart', async () => {
    // A new user per attempt: each may be sent one verification mail in the limit's window.
    await killDuringStream(cloud.engines.ses, async () =>
      (await userWithEmail()).client.post('/api/send-email-verification/', {}),
    );
    const mail = (await (await fetch(`${cloud.endpoints.ses}/store`)).json()) as { emails: unknown[] };
    expect(mail.emails.length).toBeGreaterThan(0);
    await everythingIsThere();
  }, 60_000);
});
