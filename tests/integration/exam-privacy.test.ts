import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { examQuestionEntity } from '../../functions/domains/exams/entities/exam-question.js';
import type { StoredQuestion } from '../../functions/domains/files/index.js';
import { seedMarkerEntity } from '../../functions/runtime/data/seed-marker.js';
import { newId } from '../../functions/runtime/data/ids.js';
import { PRIVATE_QUESTION_EXAMS, privatizeExamsOfPrivateQuestions } from '../../local/migrations.js';
import { examRecord } from '../support/exam-records.js';
import { createExam, uploadBank, writeStat, type UploadedFile } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { addMembers, createStudy } from '../support/study-fixtures.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

let owner: FixtureUser;
let other: FixtureUser;
let privateFile: UploadedFile;
let publicFile: UploadedFile;
const title = (what: string) => `${what} ${uniqueSuffix()}`;

const storedExam = async (id: string) => {
  const { Item } = await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: examEntity.key(id) }));
  return examEntity.parse(Item!);
};

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  privateFile = await uploadBank(owner, `${title('privacy-private')}.xlsx`, 6, false);
  publicFile = await uploadBank(owner, `${title('privacy-public')}.xlsx`, 6, true);
});

describe('an exam of private questions stays private', () => {
  it('is private by default, marked, hidden from others and from anonymous requests', async () => {
    const created = await createExam(owner, { title: title('default'), question_count: 3, file_id: privateFile.id });
    expect(created.exam).toMatchObject({ is_public: false, has_private_questions: true });
    const stored = await storedExam(created.id);
    expect(stored).toMatchObject({ is_public: false, has_private_questions: true });
    expect((await (await anonymousClient(apiUrl)).get(`/api/exam/${created.id}/questions/`)).status).toBe(404);
    expect((await other.client.get(`/api/exam/${created.id}/`)).status).toBe(404);
    const listed = (await (await other.client.get('/api/exams/?is_public=true&page_size=100')).json()) as {
      results: { id: string }[];
    };
    expect(listed.results.map((e) => e.id)).not.toContain(created.id);
  });

  it('defaults to private for a public file too, and needs no confirmation to publish it', async () => {
    const created = await createExam(owner, { title: title('public file'), question_count: 2, file_id: publicFile.id });
    expect(created.exam).toMatchObject({ is_public: false, has_private_questions: false });
    const res = await owner.client.patch(`/api/exam/${created.id}/update/`, { is_public: true });
    expect(res.status).toBe(200);
    expect((await storedExam(created.id)).is_public).toBe(true);
  });

  it('refuses an unconfirmed public exam of private questions before writing anything', async () => {
    const name = title('refused');
    const res = await owner.client.post('/api/create-exam/', {
      title: name,
      question_count: 2,
      file_id: privateFile.id,
      is_public: true,
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe('exam_private_questions_unconfirmed');
    expect(body.detail).toMatch(/비공개/);
    // The title was not taken: nothing was written.
    await createExam(owner, { title: name, question_count: 2, file_id: privateFile.id });
  });

  it('marks exams whose questions come from the history, a private exam or private pooled ids', async () => {
    await writeStat(owner.id, `${privateFile.id}-1`, 2, 0);
    const fromHistory = await createExam(owner, {
      title: title('history'),
      question_count: 1,
      random_option: 'wrong_only',
    });
    expect(fromHistory.exam).toMatchObject({ has_private_questions: true, is_public: false });

    const privateExam = await createExam(owner, {
      title: title('source'),
      questions: [`${publicFile.id}-1`, `${publicFile.id}-4`],
    });
    expect(privateExam.exam).toMatchObject({ is_public: false, has_private_questions: false });
    const copy = await createExam(owner, {
      title: title('copy'),
      questions: [`${publicFile.id}-1`],
      exam_id: privateExam.id,
    });
    expect(copy.exam.has_private_questions).toBe(true);

    const pooled = await createExam(owner, { title: title('pooled'), questions: [`${privateFile.id}-2`] });
    expect(pooled.exam.has_private_questions).toBe(true);
    const publicPooled = await createExam(owner, { title: title('public pooled'), questions: [`${publicFile.id}-2`] });
    expect(publicPooled.exam.has_private_questions).toBe(false);

    const retake = (await (await owner.client.post(`/api/exam/${pooled.id}/retake/`)).json()) as { id: string };
    expect((await storedExam(retake.id)).has_private_questions).toBe(true);
  });

  it('lets the creator publish with confirmation, but never a study manager', async () => {
    const created = await createExam(owner, { title: title('study'), question_count: 2, file_id: privateFile.id });
    const study = await createStudy(owner);
    expect(
      (await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: '과제', exam: created.id })).status,
    ).toBe(200);
    await addMembers(study.id, [{ userId: other.id, username: other.username, role: 'study_leader' }]);
    // The leader may edit the exam (a linked study's manager) but not expose its private questions.
    expect(
      (await other.client.patch(`/api/exam/${created.id}/update/`, { description: 'edited by the leader' })).status,
    ).toBe(200);
    const refused = await other.client.patch(`/api/exam/${created.id}/update/`, {
      is_public: true,
      confirm_private_questions: true,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('exam_publish_forbidden');
    expect((await storedExam(created.id)).is_public).toBe(false);
    expect(
      (
        await owner.client.patch(`/api/exam/${created.id}/update/`, {
          is_public: true,
          confirm_private_questions: true,
        })
      ).status,
    ).toBe(200);
    expect((await storedExam(created.id)).is_public).toBe(true);
  });
});

describe('the migration of exams built from private files', () => {
  it('makes public exams of private-file questions private, marks private ones, leaves the rest, once', async () => {
    const legacy = (fileId: string, isPublic: boolean) => {
      const id = newId();
      return {
        id,
        item: examEntity.item(
          examRecord({
            id,
            title: title('legacy'),
            title_key: title('legacy key'),
            created_at: new Date().toISOString(),
            is_public: isPublic,
            file_id: fileId,
            created_by_id: owner.id,
          }),
        ),
      };
    };
    const leaked = legacy(privateFile.id, true);
    const alreadyPrivate = legacy(privateFile.id, false);
    const fine = legacy(publicFile.id, true);
    // A public exam without a file whose questions were copied out of the private file.
    const copied = legacy('', true);
    copied.item.file_id = null;
    const put = (Item: Record<string, unknown>) =>
      dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item }));
    // Items written as the previous build did: no has_private_questions.
    for (const exam of [leaked, alreadyPrivate, fine, copied]) {
      const { has_private_questions: _dropped, ...older } = exam.item;
      await put(older);
    }
    await put(
      examQuestionEntity.item(copied.id, 1, { id: `${privateFile.id}-3`, file_id: privateFile.id } as StoredQuestion),
    );
    await dynamoDocument().send(
      new DeleteCommand({ TableName: config.appTable, Key: seedMarkerEntity.key(PRIVATE_QUESTION_EXAMS) }),
    );

    const lines: string[] = [];
    const counts = await privatizeExamsOfPrivateQuestions((line) => lines.push(line));
    expect(counts.madePrivate).toBeGreaterThanOrEqual(2);
    expect(lines.join()).toMatch(/now private/);
    expect(await storedExam(leaked.id)).toMatchObject({ is_public: false, has_private_questions: true });
    expect(await storedExam(copied.id)).toMatchObject({ is_public: false, has_private_questions: true });
    expect(await storedExam(alreadyPrivate.id)).toMatchObject({ is_public: false, has_private_questions: true });
    expect(await storedExam(fine.id)).toMatchObject({ is_public: true, has_private_questions: false });
    const { Item } = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: examEntity.key(leaked.id) }),
    );
    expect(Item).toMatchObject(examEntity.visibilityIndex(false, String(Item!.created_at), leaked.id));
    expect(await privatizeExamsOfPrivateQuestions()).toEqual({ checked: 0, marked: 0, madePrivate: 0 });
  });
});
