import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { joinRequestEntity } from '../../functions/domains/studies/entities/study-join-request.js';
import { studyEntity } from '../../functions/domains/studies/entities/study.js';
import { studyLinkEntity } from '../../functions/domains/exams/entities/study-link.js';
import { studyMembershipEntity } from '../../functions/domains/studies/entities/study-membership.js';
import { batchGetAll } from '../../functions/runtime/data/batch-ops.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { multipartForm } from '../support/sheets.js';
import { addMember, addMembers, addTasks, createStudy } from '../support/study-fixtures.js';
import type { TestClient } from '../support/http-client.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

let owner: FixtureUser;
let other: FixtureUser;
let admin: FixtureUser;
let anonymous: TestClient;
let privateExam: string;

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  anonymous = await anonymousClient(apiUrl);
  const bank = await uploadBank(owner, `studies-${Date.now()}.xlsx`, 3, false);
  privateExam = (
    await createExam(owner, {
      title: `study exam ${Date.now()}`,
      question_count: 3,
      file_id: bank.id,
      is_public: false,
    })
  ).id;
});

const json = async (res: Response) => (await res.json()) as any;
const ids = (body: { results: { id: string }[] }) => body.results.map((s) => s.id);

describe('creating and listing studies', () => {
  it('requires the title in the request language and refuses the creator’s duplicate title', async () => {
    expect((await owner.client.post('/api/studies/', { title_en: 'only english' })).status).toBe(400);
    const title = `스터디 ${Date.now()}`;
    const study = await createStudy(owner, { title_ko: title, goal_ko: '목표' });
    expect(study).toMatchObject({ title_ko: title, is_public: true, created_by: { id: owner.id }, member_count: 1 });
    expect(study.start_date).toBe(new Date().toISOString().slice(0, 10));
    const again = await owner.client.post('/api/studies/', { title_ko: `  ${title.toUpperCase()} ` });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('study_title_taken');
    // Another user may use the title.
    expect((await other.client.post('/api/studies/', { title_ko: title })).status).toBe(200);
    expect(
      (
        await owner.client.post('/api/studies/', {
          title_ko: `${title} 2`,
          start_date: '2026-05-02',
          end_date: '2026-05-01',
        })
      ).status,
    ).toBe(400);
  });

  it('lists public studies to everyone, private ones to members and site admins; my_studies through memberships', async () => {
    // Lists sort by start date, newest first: a far-future start keeps these two on the first page
    // whatever other test files have written to the shared table.
    const pub = await createStudy(owner, { is_public: true, start_date: '2099-12-31' });
    const priv = await createStudy(owner, { is_public: false, start_date: '2099-12-31' });
    const anon = await json(await anonymous.get('/api/studies/?page_size=100'));
    expect(ids(anon)).toContain(pub.id);
    expect(ids(anon)).not.toContain(priv.id);
    expect(ids(await json(await other.client.get('/api/studies/?page_size=100')))).not.toContain(priv.id);
    expect(ids(await json(await owner.client.get('/api/studies/?page_size=100')))).toContain(priv.id);
    expect(ids(await json(await admin.client.get('/api/studies/?page_size=100')))).toContain(priv.id);
    const mine = await json(await owner.client.get('/api/studies/?my_studies=true'));
    expect(ids(mine)).toEqual(expect.arrayContaining([pub.id, priv.id]));
    expect(ids(await json(await other.client.get('/api/studies/?my_studies=true')))).not.toContain(priv.id);
    expect((await anonymous.get('/api/studies/?my_studies=true')).status).toBe(401);
    const selected = await json(
      await anonymous.get('/api/studies/?is_public=true&select=title_ko,start_date&page_size=5'),
    );
    expect(Object.keys(selected.results[0]).sort()).toEqual(['id', 'start_date', 'title_ko']);
  });

  it('pages with a cursor and filters by tag', async () => {
    const tag = await json(await owner.client.post('/api/tags/', { name: `studytag-${Date.now()}` }));
    const tagged = await createStudy(owner, { tags: [tag.id] });
    const filtered = await json(await anonymous.get(`/api/studies/?tags=${tag.id}`));
    expect(ids(filtered)).toEqual([tagged.id]);
    expect(
      (await json(await owner.client.get(`/api/tags/?search=${tag.name_ko}`))).results.find(
        (t: { id: string }) => t.id === tag.id,
      ).usage_count,
    ).toBe(1);
    const first = await json(await anonymous.get('/api/studies/?page_size=2'));
    expect(first.results).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const second = await json(await anonymous.get(`/api/studies/?page_size=2&cursor=${first.next}`));
    expect(ids(second).some((id: string) => ids(first).includes(id))).toBe(false);
    expect((await anonymous.get('/api/studies/?cursor=broken')).status).toBe(400);
    // Removing the tag moves the usage count back.
    expect((await owner.client.patch(`/api/studies/${tagged.id}/`, { tags: [] })).status).toBe(200);
    expect(
      (await json(await owner.client.get(`/api/tags/?search=${tag.name_ko}`))).results.find(
        (t: { id: string }) => t.id === tag.id,
      ).usage_count,
    ).toBe(0);
  });
});

describe('tasks and exam access through a study', () => {
  it('links a private exam; active members read it, inactive members and outsiders do not', async () => {
    const study = await createStudy(owner, { is_public: false });
    const member = await fixtureUser(apiUrl);
    const sleeper = await fixtureUser(apiUrl);
    expect((await member.client.get(`/api/exam/${privateExam}/`)).status).toBe(404);
    const res = await owner.client.post('/api/study-tasks/', {
      study: study.id,
      name_ko: '과제',
      exam: privateExam,
      progress: 30,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const task = await json(res);
    expect(task).toMatchObject({
      study: study.id,
      name: '과제',
      progress: 30,
      is_public: false,
      exam: { id: privateExam, questions: 3 },
    });
    await addMember(study.id, member);
    await addMember(study.id, sleeper, 'member', false);
    expect((await member.client.get(`/api/exam/${privateExam}/`)).status).toBe(200);
    expect((await sleeper.client.get(`/api/exam/${privateExam}/`)).status).toBe(404);
    expect((await other.client.get(`/api/exam/${privateExam}/`)).status).toBe(404);
    const connected = await json(await member.client.get(`/api/exam/${privateExam}/connected-studies/`));
    expect(connected.connected_studies).toEqual([
      { study_id: study.id, study_title: study.display_title, study_url: `/study-detail/${study.id}` },
    ]);
    // A member cannot edit the exam; a study_leader can.
    expect((await member.client.patch(`/api/exam/${privateExam}/update/`, { description: 'x' })).status).toBe(403);
    const leader = await fixtureUser(apiUrl);
    await addMember(study.id, leader, 'study_leader');
    expect((await leader.client.patch(`/api/exam/${privateExam}/update/`, { description: 'x' })).status).toBe(200);
    // Deleting the task ends the access.
    expect((await owner.client.delete(`/api/study-tasks/${task.id}/`)).status).toBe(200);
    expect((await member.client.get(`/api/exam/${privateExam}/`)).status).toBe(404);
  });

  it('deleting a linked exam removes its study links and leaves the tasks without an exam (no orphan)', async () => {
    const bank = await uploadBank(owner, `studies-del-${Date.now()}.xlsx`, 2, false);
    const exam = (
      await createExam(owner, {
        title: `doomed exam ${Date.now()}`,
        question_count: 2,
        file_id: bank.id,
        is_public: false,
      })
    ).id;
    const study = await createStudy(owner, { is_public: false });
    const res = await owner.client.post('/api/study-tasks/', {
      study: study.id,
      name_ko: '삭제될 시험 과제',
      exam,
      progress: 0,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const task = await json(res);
    const links = () =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': examEntity.partition(exam), ':s': studyLinkEntity.skPrefix },
        ConsistentRead: true,
      });
    expect(await links()).toHaveLength(1);
    expect((await owner.client.delete(`/api/exam/${exam}/`)).status).toBe(200);
    expect(await links()).toEqual([]);
    const detail = await json(await owner.client.get(`/api/studies/${study.id}/`));
    expect(detail.tasks.find((t: any) => t.id === task.id)).toMatchObject({ name: '삭제될 시험 과제', exam: null });
  });

  it('checks names, exams, progress and the daily quiz rule; PUT changes a task', async () => {
    const study = await createStudy(owner);
    expect((await owner.client.post('/api/study-tasks/', { study: study.id, name_en: 'only en' })).status).toBe(400);
    expect(
      (await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: 'x', progress: 101 })).status,
    ).toBe(400);
    expect(
      (await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: 'x', exam: 'nosuchexam0000000000' }))
        .status,
    ).toBe(400);
    const daily = (
      await createExam(owner, { title: `Today's Quizzes for ${owner.username} ${Date.now()}`, question_count: 0 })
    ).id;
    const refused = await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: 'x', exam: daily });
    expect((await json(refused)).code).toBe('study_task_daily_exam');
    const task = await json(await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: '처음' }));
    expect(task).toMatchObject({ is_public: true, exam: null, progress: 0 });
    const changed = await json(
      await owner.client.put(`/api/study-tasks/${task.id}/`, { name_ko: '바뀜', progress: 80, exam: privateExam }),
    );
    expect(changed).toMatchObject({ name_ko: '바뀜', progress: 80, exam: { id: privateExam } });
    const detail = await json(await owner.client.get(`/api/studies/${study.id}/`));
    expect(detail.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect(detail.task_count).toBe(1);
  });

  it('keeps a submitted result’s study', async () => {
    const study = await createStudy(owner, { is_public: true });
    const res = await owner.client.post('/api/submit-exam/', {
      exam_id: privateExam,
      study_id: study.id,
      answers: [],
      elapsed_seconds: 1,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).result.exam.study).toEqual({ id: study.id, title: study.display_title });
  });
});

describe('the random-practice pool on the study counters (gap 14, D95)', () => {
  it('keeps task_count and question_total of the list in step with the pool through task adds, exam changes, deletes and an exam deletion', async () => {
    const study = await createStudy(owner);
    const bank = await uploadBank(owner, `pool-${Date.now()}.xlsx`, 2, false);
    const second = (
      await createExam(owner, {
        title: `pool exam ${Date.now()}`,
        question_count: 2,
        file_id: bank.id,
        is_public: false,
      })
    ).id;
    const listed = async () => {
      const list = await json(await owner.client.get('/api/studies/?my_studies=true&with_counters=true'));
      return list.results.find((s: { id: string }) => s.id === study.id);
    };
    const expectPool = async (taskCount: number, questions: number) => {
      expect(await listed()).toMatchObject({ task_count: taskCount, question_total: questions });
      expect(await json(await owner.client.get(`/api/random-practice/${study.id}/?count=0`))).toMatchObject({
        task_count: taskCount,
        total_questions: questions,
      });
      expect(await json(await owner.client.get(`/api/studies/${study.id}/`))).toMatchObject({
        task_count: taskCount,
        question_total: questions,
      });
    };
    const addTask = async (exam: string | null) =>
      (
        await json(
          await owner.client.post('/api/study-tasks/', { study: study.id, name_ko: `과제 ${Math.random()}`, exam }),
        )
      ).id as string;

    await expectPool(0, 0);
    const first = await addTask(privateExam);
    const twin = await addTask(privateExam);
    const other = await addTask(second);
    await addTask(null);
    // Two tasks of one exam count its questions once.
    await expectPool(4, 5);
    expect((await owner.client.put(`/api/study-tasks/${other}/`, { exam: privateExam })).status).toBe(200);
    await expectPool(4, 3);
    expect((await owner.client.delete(`/api/study-tasks/${first}/`)).status).toBe(200);
    expect((await owner.client.delete(`/api/study-tasks/${twin}/`)).status).toBe(200);
    await expectPool(2, 3);
    expect((await owner.client.put(`/api/study-tasks/${other}/`, { exam: second })).status).toBe(200);
    await expectPool(2, 2);
    expect((await owner.client.delete(`/api/exam/${second}/`)).status).toBe(200);
    await expectPool(2, 0);
  });

  it('leaves the counters out of a list not asked for them', async () => {
    const study = await createStudy(owner);
    const list = await json(await owner.client.get('/api/studies/?my_studies=true'));
    const row = list.results.find((s: { id: string }) => s.id === study.id);
    expect(row).toBeDefined();
    expect(row.question_total).toBeUndefined();
  });
});

describe('task sheets', () => {
  const sheet = (rows: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Task list');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };
  const upload = (client: TestClient, studyId: string, rows: unknown[][]) =>
    client.request('POST', '/api/studies/upload-excel/', {
      body: multipartForm({ study_id: studyId }, { name: 'tasks.xlsx', bytes: sheet(rows) }),
    });

  it('uploads all or nothing, and downloads {title}_tasks.xlsx with the sheet "Task list"', async () => {
    const study = await createStudy(owner, { title_ko: `시트 ${Date.now()}` });
    // D41 revised: the upload is for site admins; the study's creator is refused, and not offered the tools.
    const refused = await upload(owner.client, study.id, [['Task name'], ['하나']]);
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe('study_sheets_admin_only');
    expect((await json(await owner.client.get(`/api/studies/${study.id}/`))).user_permissions).toMatchObject({
      can_manage: true,
      can_use_sheets: false,
    });
    expect((await json(await admin.client.get(`/api/studies/${study.id}/`))).user_permissions).toMatchObject({
      can_use_sheets: true,
    });
    const bad = await upload(admin.client, study.id, [
      ['Task name', 'Connected exam', 'Progress rate', 'Exam ID'],
      ['하나', '', '10', ''],
      ['', '', '5', ''],
      ['셋', '', '150', ''],
    ]);
    expect(bad.status).toBe(400);
    const error = await json(bad);
    expect(error.code).toBe('study_sheet_row_errors');
    expect(error.detail).toMatch(/3.*4/);
    expect((await json(await owner.client.get(`/api/studies/${study.id}/`))).tasks).toHaveLength(0);
    const good = await upload(admin.client, study.id, [
      ['Task name', 'Connected exam', 'Progress rate', 'Exam ID'],
      ['하나', '', '10', ''],
      ['둘', '', '20', privateExam],
    ]);
    expect(good.status, await good.clone().text()).toBe(200);
    expect((await json(good)).created).toBe(2);
    const download = await anonymous.get(`/api/studies/${study.id}/download-excel/`);
    expect(download.status).toBe(200);
    expect(decodeURIComponent(download.headers.get('content-disposition') ?? '')).toContain(
      `${study.title_ko}_tasks.xlsx`,
    );
    const book = XLSX.read(Buffer.from(await download.arrayBuffer()));
    expect(book.SheetNames).toEqual(['Task list']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Task list']!, { header: 1 });
    expect(rows[0]).toEqual(['Task name', 'Connected exam', 'Progress rate', 'Exam ID']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3] ?? ''])).toEqual([
      ['하나', 10, ''],
      ['둘', 20, privateExam],
    ]);
    expect((await upload(admin.client, study.id, [['Name?'], ['x']])).status).toBe(400);
  });
});

describe('deleting a study', () => {
  it('removes a study of 500 members and 200 tasks without leaving an orphan', async () => {
    const study = await createStudy(owner, { is_public: false });
    const users = await Promise.all(Array.from({ length: 5 }, () => fixtureUser(apiUrl)));
    await addMembers(study.id, [
      ...users.map((u) => ({ userId: u.id, username: u.username })),
      ...Array.from({ length: 494 }, (_, i) => ({ userId: `ghost-${study.id}-${i}`, email: `m${i}@example.org` })),
    ]);
    const taskIds = await addTasks(study.id, 200, privateExam);
    const requester = await fixtureUser(apiUrl);
    await batchWritePending(study.id, requester.id);
    const before = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': studyEntity.partition(study.id) },
    });
    expect(before.length).toBeGreaterThan(500 + 200 + 494 * 2);

    const res = await owner.client.delete(`/api/studies/${study.id}/`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ success: true, pending: false });

    const left = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': studyEntity.partition(study.id) },
    });
    expect(left).toEqual([]);
    const memberships = await batchGetAll([
      ...users.map((u) => studyMembershipEntity.key(u.id, study.id)),
      ...Array.from({ length: 494 }, (_, i) => studyMembershipEntity.key(`ghost-${study.id}-${i}`, study.id)),
      studyMembershipEntity.key(owner.id, study.id),
      joinRequestEntity.userKey(requester.id, study.id),
    ]);
    expect(memberships).toEqual([]);
    const links = await batchGetAll(taskIds.map((t) => studyLinkEntity.key(privateExam, study.id, t)));
    expect(links).toEqual([]);
    expect((await owner.client.get(`/api/studies/${study.id}/`)).status).toBe(404);
    // The title is free again; deleting again is a 404.
    expect((await owner.client.post('/api/studies/', { title_ko: study.title_ko })).status).toBe(200);
    expect((await owner.client.delete(`/api/studies/${study.id}/`)).status).toBe(404);
  }, 120_000);
});

describe('withdrawal and admin delete', () => {
  it('delete the user’s member rows and join requests, and the studies they leave empty', async () => {
    const study = await createStudy(owner);
    const leaving = await fixtureUser(apiUrl);
    await addMember(study.id, leaving);
    const requestStudy = (await createStudy(owner)).id;
    await batchWritePending(requestStudy, leaving.id);
    const own = await createStudy(leaving);
    expect((await json(await owner.client.get(`/api/studies/${requestStudy}/`))).join_requests).toHaveLength(1);
    expect((await json(await owner.client.get(`/api/studies/${study.id}/`))).member_count).toBe(2);
    expect((await admin.client.delete(`/api/users/${leaving.id}/delete/`)).status).toBe(200);
    const detail = await json(await owner.client.get(`/api/studies/${study.id}/`));
    expect(detail.members.map((m: { user: string }) => m.user)).toEqual([owner.id]);
    expect(detail.member_count).toBe(1);
    expect((await admin.client.get(`/api/studies/${own.id}/`)).status).toBe(404);
    expect(
      await queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': studyEntity.partition(own.id) },
      }),
    ).toEqual([]);
    const requests = await json(await owner.client.get(`/api/studies/${requestStudy}/`));
    expect(requests.join_requests).toEqual([]);
  }, 60_000);
});

/** A pending join request on both sides, as the join-request route writes it. */
async function batchWritePending(studyId: string, userId: string) {
  const { batchWriteAll, putRequest } = await import('../../functions/runtime/data/batch-ops.js');
  const request = {
    id: `${studyId}_${userId}`,
    study_id: studyId,
    user_id: userId,
    user_username: 'r',
    user_email: '',
    message: '',
    requested_at: 't',
    status: 'pending' as const,
    responded_by_username: null,
    responded_at: null,
  };
  await batchWriteAll([
    putRequest(joinRequestEntity.studyItem(request)),
    putRequest(joinRequestEntity.userItem(request)),
  ]);
}
