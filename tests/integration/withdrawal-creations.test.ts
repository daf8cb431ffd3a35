import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { userPk, WITHDRAWN_CREATOR_ID } from '../../functions/runtime/data/key-parts.js';
import { fileQuestionEntity } from '../../functions/domains/files/entities/file-question.js';
import { fileEntity } from '../../functions/domains/files/entities/file.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { questionPositionCounterEntity } from '../../functions/domains/exams/entities/question-position-counter.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { objectsUnder } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const item = async (key: { pk: string; sk: string }) =>
  (await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: key }))).Item;

/**
 * Withdrawal (and admin delete) removes what a user created privately and anonymises what they
 * shared: private exams and files go with their questions and S3 object; public ones stay for
 * their users with no trace of the creator.
 */
describe.each([
  ['withdrawal', async (user: FixtureUser) => user.client.delete('/api/delete-my-account/')],
  [
    'admin delete',
    async (user: FixtureUser, admin?: FixtureUser) => admin!.client.delete(`/api/users/${user.id}/delete/`),
  ],
] as const)('%s and what the user created', (_name, remove) => {
  let user: FixtureUser;
  let admin: FixtureUser;
  let subscriber: FixtureUser;
  const made = { privateFile: '', publicFile: '', privateExam: '', publicExam: '' };

  beforeAll(async () => {
    [user, admin, subscriber] = await Promise.all([
      fixtureUser(apiUrl),
      fixtureUser(apiUrl, { role: 'admin_role' }),
      fixtureUser(apiUrl),
    ]);
    made.privateFile = (await uploadBank(user, 'private-bank.xlsx', 6, false)).id;
    made.publicFile = (await uploadBank(user, 'public-bank.xlsx', 6, true)).id;
    made.privateExam = (
      await createExam(user, { title: 'Private exam', file_id: made.privateFile, question_count: 3, is_public: false })
    ).id;
    made.publicExam = (
      await createExam(user, { title: 'Public exam', file_id: made.publicFile, question_count: 3, is_public: true })
    ).id;
    const sub = await subscriber.client.post('/api/exam-subscription/bulk-toggle/', {
      exam_ids: [made.publicExam],
      action: 'subscribe',
    });
    expect(sub.status, await sub.clone().text()).toBe(200);

    const res = await remove(user, admin);
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('deletes the private exam and its questions', async () => {
    expect(await item(examEntity.key(made.privateExam))).toBeUndefined();
    const copies = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': examEntity.partition(made.privateExam) },
      }),
    );
    expect(copies.Items).toEqual([]);
  });

  it('deletes the private file, its question pool and its S3 object', async () => {
    expect(await item(fileEntity.key(made.privateFile))).toBeUndefined();
    expect(await item(fileQuestionEntity.key(made.privateFile, 1))).toBeUndefined();
    const objects = await objectsUnder(`files/${user.id}/`);
    expect(objects.some((key) => key.includes(made.privateFile))).toBe(false);
    expect(objects.some((key) => key.includes(made.publicFile))).toBe(true);
  });

  it('keeps the public exam and file, anonymised and out of the creator index', async () => {
    const exam = await item(examEntity.key(made.publicExam));
    expect(exam).toMatchObject({ created_by_id: WITHDRAWN_CREATOR_ID, created_by_username: '' });
    expect(exam!.gsi1pk).toBeUndefined();
    // The name leaves cached anonymous reads too: the exam's content version moved (D405).
    expect((await item(questionPositionCounterEntity.key(made.publicExam)))?.content_version).toBeGreaterThanOrEqual(1);
    const file = await item(fileEntity.key(made.publicFile));
    expect(file).toMatchObject({ owner_id: WITHDRAWN_CREATOR_ID, owner_username: '' });
    expect(JSON.stringify({ ...exam, ...file })).not.toContain(user.username);
  });

  it('leaves the public exam readable and subscribed for others', async () => {
    const res = await subscriber.client.get(`/api/exam/${made.publicExam}/`);
    expect(res.status).toBe(200);
    const subscribed = await subscriber.client.get('/api/user-exams/subscribed-exams/');
    expect(JSON.stringify(await subscribed.json())).toContain(made.publicExam);
  });

  it('leaves nothing in the user partition', async () => {
    const rest = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': userPk(user.id) },
      }),
    );
    expect(rest.Items).toEqual([]);
  });
});
