import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { handler as retentionJob } from '../../functions/jobs/retention-cleanup.js';
import { createExam } from '../support/exam-fixtures.js';
import { objectsUnder } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { png } from '../support/images.js';
import { multipartForm } from '../support/sheets.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

/**
 * Question images after their upload (docs/decisions/rich-content.md D179, D180): uploads no question
 * uses are swept by the nightly job, an edit that drops an image deletes it, and a question copied into
 * another exam gets its own copy of the image. Every outcome is read from the bucket listing.
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
let owner: FixtureUser;

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
});

const newExam = async (isPublic = false) =>
  (await createExam(owner, { title: `lifecycle ${uniqueSuffix()}`, question_count: 0, is_public: isPublic })).id;

async function upload(examId: string): Promise<{ id: string; url: string }> {
  const res = await owner.client.request('POST', `/api/exam/${examId}/images/`, {
    body: multipartForm({}, { name: 'diagram.png', bytes: png(6, 4), type: 'image/png' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; url: string };
}

async function addQuestion(examId: string, content: string): Promise<Json> {
  const res = await owner.client.post(`/api/exam/${examId}/add-question/`, {
    title: `q ${uniqueSuffix()}`,
    content,
    answer: 'a',
    format: 'markdown',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
}

const questionsOf = async (examId: string) =>
  (await (await owner.client.get(`/api/exam/${examId}/questions/`)).json()) as Json[];
const keysOf = async (examId: string) => (await objectsUnder(`images/${examId}/`)).sort();
const keyOf = (examId: string, imageId: string) => `images/${examId}/${imageId}`;

/** The pending markers of an exam's uploads (`EXAM#<id>`/`UPLOAD#…`). */
async function markersOf(examId: string): Promise<Json[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `EXAM#${examId}`, ':sk': 'UPLOAD#' },
    }),
  );
  return Items ?? [];
}

/**
 * Moves this exam's markers a day and a minute into the past, as if the clock had passed their expiry.
 * Only this test's markers: a clock moved for the whole job would also sweep the uploads other test
 * files running beside this one have not saved yet.
 */
async function expireMarkers(examId: string): Promise<void> {
  const past = new Date(Date.now() - 60_000).toISOString();
  for (const marker of await markersOf(examId)) {
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: { pk: marker.pk, sk: marker.sk },
        UpdateExpression: 'SET expires_at = :at, gsi2sk = :sk',
        ExpressionAttributeValues: { ':at': past, ':sk': `${past}#${marker.exam_id}#${marker.image_id}` },
      }),
    );
  }
}

describe('uploads no question uses are swept (D179)', () => {
  it('upload, never save, run the job past the expiry: gone; saved ones stay', async () => {
    const examId = await newExam();
    const [saved, unsaved, fresher] = [await upload(examId), await upload(examId), await upload(examId)];
    await addQuestion(examId, `![diagram](${saved.url})`);
    expect(await markersOf(examId)).toHaveLength(3);
    expect(await keysOf(examId)).toEqual([saved, unsaved, fresher].map((i) => keyOf(examId, i.id)).sort());

    // Not yet expired: the job leaves everything.
    await retentionJob();
    expect(await keysOf(examId)).toHaveLength(3);

    await expireMarkers(examId);
    // `fresher` was uploaded "later": its marker keeps a future expiry.
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: { pk: `EXAM#${examId}`, sk: `UPLOAD#${fresher.id}` },
        UpdateExpression: 'SET gsi2sk = :sk',
        ExpressionAttributeValues: { ':sk': `9999-01-01T00:00:00.000Z#${examId}#${fresher.id}` },
      }),
    );
    const report = (await retentionJob()) as Json;
    expect(report.images.deleted).toBeGreaterThanOrEqual(1);
    expect(await keysOf(examId)).toEqual([keyOf(examId, saved.id), keyOf(examId, fresher.id)].sort());
    expect((await markersOf(examId)).map((m) => m.image_id)).toEqual([fresher.id]);
    // The saved image is still served.
    expect((await owner.client.get(`/api/exam/${examId}/images/${saved.id}/`)).status).toBe(200);
  });

  it('an edit that drops an image deletes it unless another question of the exam uses it', async () => {
    const examId = await newExam();
    const [only, shared] = [await upload(examId), await upload(examId)];
    const first = await addQuestion(examId, `![a](${only.url}) ![b](${shared.url})`);
    await addQuestion(examId, `![b](${shared.url})`);
    const edit = await owner.client.patch(`/api/questions/${first.id}/update/`, {
      exam_id: examId,
      content: 'no pictures now',
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await keysOf(examId)).toEqual([keyOf(examId, shared.id)]);
  });

  it('an exam deleted before the sweep: its markers just go', async () => {
    const examId = await newExam();
    await upload(examId);
    expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    await expireMarkers(examId);
    await retentionJob();
    expect(await markersOf(examId)).toEqual([]);
    expect(await keysOf(examId)).toEqual([]);
  });
});

describe('a question copied into another exam takes its own copy of the image (D180)', () => {
  it('copy-questions: deleting the source keeps the copy working; no orphan once both are gone', async () => {
    const source = await newExam(true);
    const image = await upload(source);
    const question = await addQuestion(source, `before ![diagram](${image.url}) after`);
    const target = await newExam();
    const res = await owner.client.post('/api/copy-questions/', {
      from_exam_id: source,
      to_exam_id: target,
      question_ids: [question.id],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [copied] = await questionsOf(target);
    expect(copied!.content).toBe(`before ![diagram](/api/exam/${target}/images/${image.id}/#6x4) after`);
    expect(await keysOf(target)).toEqual([keyOf(target, image.id)]);

    expect((await owner.client.delete(`/api/exam/${source}/`)).status).toBe(200);
    expect(await keysOf(source)).toEqual([]);
    const read = await owner.client.get(`/api/exam/${target}/images/${image.id}/`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');

    expect((await owner.client.delete(`/api/exam/${target}/`)).status).toBe(200);
    expect(await keysOf(target)).toEqual([]);
  });

  it('move-questions: the image moves along, the source keeps only what its other questions use', async () => {
    const source = await newExam();
    const [moving, staying] = [await upload(source), await upload(source)];
    const question = await addQuestion(source, `![m](${moving.url})`);
    await addQuestion(source, `![s](${staying.url})`);
    const target = await newExam();
    const res = await owner.client.post('/api/move-questions/', {
      from_exam_id: source,
      to_exam_id: target,
      question_ids: [question.id],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await keysOf(source)).toEqual([keyOf(source, staying.id)]);
    expect(await keysOf(target)).toEqual([keyOf(target, moving.id)]);
    const [moved] = await questionsOf(target);
    expect(moved!.content).toContain(`/api/exam/${target}/images/${moving.id}/`);
  });

  it('an exam made from another exam (create-exam with its questions, retake) copies the images', async () => {
    const source = await newExam();
    const image = await upload(source);
    const question = await addQuestion(source, `![d](${image.url})`);
    const made = await createExam(owner, {
      title: `from exam ${uniqueSuffix()}`,
      exam_id: source,
      questions: [question.id],
    });
    const retake = await owner.client.post(`/api/exam/${source}/retake/`, {});
    expect(retake.status, await retake.clone().text()).toBe(200);
    const retaken = ((await retake.json()) as Json).id as string;
    expect((await owner.client.delete(`/api/exam/${source}/`)).status).toBe(200);
    for (const examId of [made.id, retaken]) {
      const [copy] = await questionsOf(examId);
      expect(copy!.content).toBe(`![d](/api/exam/${examId}/images/${image.id}/#6x4)`);
      expect((await owner.client.get(`/api/exam/${examId}/images/${image.id}/`)).status).toBe(200);
      expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
      expect(await keysOf(examId)).toEqual([]);
    }
  });
});
