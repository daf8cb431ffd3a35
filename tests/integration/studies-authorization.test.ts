import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as XLSX from 'xlsx';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import { multipartForm } from '../support/sheets.js';
import { addMember, createStudy } from '../support/study-fixtures.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * The studies authorization table (docs/architecture.md §2.7) over every route of the studies
 * group, on a private study: who gets which status. A fresh study per row for writes.
 */
type Who = 'anonymous' | 'nonMember' | 'member' | 'leader' | 'studyAdmin' | 'creator' | 'admin';
const WHO: Who[] = ['anonymous', 'nonMember', 'member', 'leader', 'studyAdmin', 'creator', 'admin'];

let creator: FixtureUser;
let people: Record<Exclude<Who, 'anonymous' | 'creator' | 'admin'>, FixtureUser>;
let clients: Record<Who, TestClient>;

beforeAll(async () => {
  creator = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  people = {
    nonMember: await fixtureUser(apiUrl, { role: 'study_admin_role' }),
    member: await fixtureUser(apiUrl),
    leader: await fixtureUser(apiUrl),
    studyAdmin: await fixtureUser(apiUrl),
  };
  clients = {
    anonymous: await anonymousClient(apiUrl),
    nonMember: people.nonMember.client,
    member: people.member.client,
    leader: people.leader.client,
    studyAdmin: people.studyAdmin.client,
    creator: creator.client,
    admin: admin.client,
  };
});

/** A private study with one member of each role and one task. */
async function privateStudy(): Promise<{ id: string; task: string }> {
  const study = await createStudy(creator, { is_public: false });
  await addMember(study.id, people.member, 'member');
  await addMember(study.id, people.leader, 'study_leader');
  await addMember(study.id, people.studyAdmin, 'study_admin');
  const task = (await (
    await creator.client.post('/api/study-tasks/', { study: study.id, name_ko: '과제' })
  ).json()) as { id: string };
  return { id: study.id, task: task.id };
}

const sheet = () => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Task name'], ['시트 과제']]), 'Task list');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const READ = { anonymous: 404, nonMember: 404, member: 200, leader: 200, studyAdmin: 200, creator: 200, admin: 200 };
const MANAGE = { anonymous: 401, nonMember: 404, member: 403, leader: 200, studyAdmin: 200, creator: 200, admin: 200 };

function row(
  name: string,
  expected: Record<Who, number>,
  call: (client: TestClient, study: { id: string; task: string }) => Promise<Response>,
  freshPerCaller = false,
) {
  it(
    name,
    async () => {
      const shared = freshPerCaller ? null : await privateStudy();
      const seen: Record<string, number> = {};
      for (const who of WHO) seen[who] = (await call(clients[who], shared ?? (await privateStudy()))).status;
      expect(seen).toEqual(expected);
    },
    120_000,
  );
}

describe('studies authorization matrix (private study)', () => {
  row(
    'GET /api/studies/ (list)',
    { anonymous: 200, nonMember: 200, member: 200, leader: 200, studyAdmin: 200, creator: 200, admin: 200 },
    (c) => c.get('/api/studies/'),
  );
  row(
    'POST /api/studies/',
    { anonymous: 401, nonMember: 200, member: 200, leader: 200, studyAdmin: 200, creator: 200, admin: 200 },
    (c) => c.post('/api/studies/', { title_ko: `새 스터디 ${Math.random()}` }),
  );
  row('GET /api/studies/{id}/', READ, (c, s) => c.get(`/api/studies/${s.id}/`));
  row('PATCH /api/studies/{id}/', MANAGE, (c, s) => c.patch(`/api/studies/${s.id}/`, { goal_ko: '바뀐 목표' }));
  row('DELETE /api/studies/{id}/', MANAGE, (c, s) => c.delete(`/api/studies/${s.id}/`), true);
  row('GET /api/studies/{id}/download-excel/', READ, (c, s) => c.get(`/api/studies/${s.id}/download-excel/`));
  row('POST /api/studies/upload-excel/', { ...MANAGE, leader: 403, studyAdmin: 403, creator: 403 }, (c, s) =>
    c.request('POST', '/api/studies/upload-excel/', {
      body: multipartForm({ study_id: s.id }, { name: 'tasks.xlsx', bytes: sheet() }),
    }),
  );
  row('GET /api/study-tasks/?study=', READ, (c, s) => c.get(`/api/study-tasks/?study=${s.id}`));
  row('POST /api/study-tasks/', MANAGE, (c, s) => c.post('/api/study-tasks/', { study: s.id, name_ko: '추가' }));
  row('PUT /api/study-tasks/{id}/', MANAGE, (c, s) =>
    c.put(`/api/study-tasks/${s.task}/`, { name_ko: '수정', progress: 50 }),
  );
  row('DELETE /api/study-tasks/{id}/', MANAGE, (c, s) => c.delete(`/api/study-tasks/${s.task}/`), true);

  it('shows member emails and codes to managers only, and nobody else the join requests', async () => {
    const study = await createStudy(creator, { is_public: true });
    await addMember(study.id, people.member, 'member');
    const asMember = (await (await people.member.client.get(`/api/studies/${study.id}/`)).json()) as any;
    const creatorRow = asMember.members.find((m: { user: string }) => m.user === creator.id);
    expect(creatorRow.member_id).toBeNull();
    expect(creatorRow.email).toBeNull();
    expect(asMember.join_requests).toEqual([]);
    expect(asMember.user_permissions).toMatchObject({ is_member: true, can_manage: false });
    const asCreator = (await (await creator.client.get(`/api/studies/${study.id}/`)).json()) as any;
    expect(asCreator.members.find((m: { user: string }) => m.user === people.member.id).member_id).toEqual(
      expect.any(String),
    );
    // An inactive study_admin manages nothing.
    const sleeper = await fixtureUser(apiUrl);
    await addMember(study.id, sleeper, 'study_admin', false);
    expect((await sleeper.client.patch(`/api/studies/${study.id}/`, { goal_ko: 'x' })).status).toBe(403);
  });
});
