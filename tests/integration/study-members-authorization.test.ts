import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeUser } from '../support/accounts.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import { addStudyMember, makeStudy } from '../support/study-member-fixtures.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'nonMember' | 'member' | 'leader' | 'studyAdmin' | 'creator' | 'siteAdmin';
const WHO: Who[] = ['anonymous', 'nonMember', 'member', 'leader', 'studyAdmin', 'creator', 'siteAdmin'];

/**
 * Two studies with the same cast: a plain member, a study_leader and a study_admin (linked, active), a creator who
 * is not a member (so the creator rule is tested on its own), a site admin and a signed-in stranger.
 */
interface Fixture {
  users: Record<Exclude<Who, 'anonymous'>, FixtureUser>;
  clients: Record<Who, TestClient>;
  publicStudy: string;
  privateStudy: string;
  /** A registered user with an email, found by the user search. */
  searchable: string;
}
let f: Fixture;

async function studyWithCast(users: Fixture['users'], isPublic: boolean): Promise<string> {
  const study = await makeStudy(users.creator, { isPublic });
  await addStudyMember(study, { user: users.member, role: 'member' });
  await addStudyMember(study, {
    user: users.leader,
    role: 'study_leader',
    email: `leader-${uniqueSuffix()}@example.com`,
  });
  await addStudyMember(study, { user: users.studyAdmin, role: 'study_admin' });
  return study;
}

beforeAll(async () => {
  const [nonMember, member, leader, studyAdmin, creator, siteAdmin] = await Promise.all([
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl, { role: 'admin_role' }),
  ]);
  const users = { nonMember, member, leader, studyAdmin, creator, siteAdmin };
  f = {
    users,
    clients: {
      anonymous: await anonymousClient(apiUrl),
      nonMember: nonMember.client,
      member: member.client,
      leader: leader.client,
      studyAdmin: studyAdmin.client,
      creator: creator.client,
      siteAdmin: siteAdmin.client,
    },
    publicStudy: await studyWithCast(users, true),
    privateStudy: await studyWithCast(users, false),
    searchable: (await makeUser()).username,
  };
});

/** One row: the call as each caller in turn; `setup` makes a fresh resource for destructive calls. */
function row(
  name: string,
  expected: Record<Who, number>,
  call: (client: TestClient, resource: string, who: Who) => Promise<Response>,
  setup?: () => Promise<string>,
) {
  it(name, async () => {
    const seen: Record<string, number> = {};
    for (const who of WHO) {
      const resource = setup ? await setup() : '';
      seen[who] = (await call(f.clients[who], resource, who)).status;
    }
    expect(seen).toEqual(expected);
  });
}

const everyone = (status: number): Record<Who, number> => ({
  anonymous: 401,
  nonMember: status,
  member: status,
  leader: status,
  studyAdmin: status,
  creator: status,
  siteAdmin: status,
});
const managersOnly = (ok: number, others = 403): Record<Who, number> => ({
  anonymous: 401,
  nonMember: others,
  member: others,
  leader: ok,
  studyAdmin: ok,
  creator: ok,
  siteAdmin: ok,
});

const plainMember = (study: () => string) => () =>
  addStudyMember(study(), { name: 'target', email: `t-${uniqueSuffix()}@example.com` }).then((m) => m.id);
async function pendingRequest(): Promise<string> {
  const requester = await fixtureUser(apiUrl);
  const res = await requester.client.post('/api/study-join-request/', { study_id: f.publicStudy, message: 'hi' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { join_request_id: string }).join_request_id;
}

describe('authorization matrix: study members', () => {
  row('GET members of a public study', everyone(200), (c) => c.get(`/api/studies/${f.publicStudy}/members/`));
  row('GET members of a private study', { ...everyone(200), nonMember: 404 }, (c) =>
    c.get(`/api/studies/${f.privateStudy}/members/`),
  );
  row('GET join requests of a public study', managersOnly(200), (c) =>
    c.get(`/api/studies/${f.publicStudy}/join-requests/`),
  );
  row('GET join requests of a private study', { ...managersOnly(200), nonMember: 404 }, (c) =>
    c.get(`/api/studies/${f.privateStudy}/join-requests/`),
  );
  row('POST members', managersOnly(201), (c) =>
    c.post('/api/members/', { study: f.publicStudy, name: 'new', email: `n-${uniqueSuffix()}@example.com` }),
  );
  row('POST members to a private study', { ...managersOnly(201), nonMember: 404 }, (c) =>
    c.post('/api/members/', { study: f.privateStudy, name: 'new' }),
  );
  row(
    'PUT members/{id}',
    managersOnly(200),
    (c, id) => c.put(`/api/members/${id}/`, { location: 'Seoul' }),
    plainMember(() => f.publicStudy),
  );
  row(
    'PUT members/{id} of a private study',
    { ...managersOnly(200), nonMember: 404 },
    (c, id) => c.put(`/api/members/${id}/`, { is_active: false }),
    plainMember(() => f.privateStudy),
  );
  row(
    'DELETE members/{id}',
    managersOnly(200),
    (c, id) => c.delete(`/api/members/${id}/`),
    plainMember(() => f.publicStudy),
  );
  row(
    'DELETE members/{id} of a private study',
    { ...managersOnly(200), nonMember: 404 },
    (c, id) => c.delete(`/api/members/${id}/`),
    plainMember(() => f.privateStudy),
  );
  row('POST members/import (private → public)', managersOnly(200), (c) =>
    c.post('/api/members/import/', { study: f.publicStudy, source_study: f.privateStudy }),
  );
  row('DELETE members/{id} of oneself (leaving)', { ...everyone(200), anonymous: 401 }, async (c, _id, who) => {
    if (who === 'anonymous') return c.delete(`/api/members/${f.publicStudy}_1/`);
    const study = await makeStudy(f.users.creator);
    const member = await addStudyMember(study, { user: f.users[who] });
    return c.delete(`/api/members/${member.id}/`);
  });
  row(
    'PUT own role (self-promotion)',
    { ...managersOnly(403, 403), creator: 200, siteAdmin: 200, anonymous: 401 },
    async (c, _id, who) => {
      if (who === 'anonymous') return c.put(`/api/members/${f.publicStudy}_1/`, { role: 'study_admin' });
      const study = await makeStudy(f.users.creator);
      const member = await addStudyMember(study, {
        user: f.users[who],
        role: who === 'leader' ? 'study_leader' : who === 'studyAdmin' ? 'study_admin' : 'member',
      });
      return c.put(`/api/members/${member.id}/`, { role: who === 'studyAdmin' ? 'study_leader' : 'study_admin' });
    },
  );
});

describe('authorization matrix: join requests', () => {
  row(
    'POST study-join-request to a public study',
    { anonymous: 401, nonMember: 201, member: 409, leader: 409, studyAdmin: 409, creator: 201, siteAdmin: 201 },
    async (c) => {
      const res = await c.post('/api/study-join-request/', { study_id: f.publicStudy, message: 'let me in' });
      if (res.status === 201) await c.delete(`/api/study-join-request/user/${f.publicStudy}/`); // leave the fixture as it was
      return res;
    },
  );
  row(
    'POST study-join-request to a private study',
    { anonymous: 401, nonMember: 404, member: 403, leader: 403, studyAdmin: 403, creator: 403, siteAdmin: 403 },
    (c) => c.post('/api/study-join-request/', { study_id: f.privateStudy }),
  );
  row('GET study-join-request/user', everyone(200), (c) => c.get('/api/study-join-request/user/'));
  row('DELETE study-join-request/user/{studyId}', everyone(200), (c) =>
    c.delete(`/api/study-join-request/user/${f.publicStudy}/`),
  );
  row(
    'POST study-join-request/{id}/respond (approve)',
    managersOnly(200),
    (c, id) => c.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' }),
    pendingRequest,
  );
  row(
    'POST study-join-request/{id}/respond (reject)',
    managersOnly(200),
    (c, id) => c.post(`/api/study-join-request/${id}/respond/`, { status: 'rejected' }),
    pendingRequest,
  );
  row(
    'DELETE study-join-request/{id}/cancel of another user',
    { ...everyone(404), anonymous: 401 },
    (c, id) => c.delete(`/api/study-join-request/${id}/cancel/`),
    pendingRequest,
  );
});

describe('authorization matrix: user search', () => {
  /** Whether the answer carried emails: true, false, or the status when it failed. */
  async function emailsShown(c: TestClient, query: string): Promise<boolean | number> {
    const res = await c.get(`/api/search-users/?${query}`);
    if (res.status !== 200) return res.status;
    const { users } = (await res.json()) as { users: { email: string | null }[] };
    expect(users.length).toBeGreaterThan(0);
    return users.every((u) => u.email !== null);
  }
  const who = (expected: Record<Who, boolean | number>, query: () => string) => async () => {
    const seen: Record<string, boolean | number> = {};
    for (const w of WHO) seen[w] = await emailsShown(f.clients[w], query());
    expect(seen).toEqual(expected);
  };
  it(
    'answers emails only to site admins without a study',
    who(
      {
        anonymous: 401,
        nonMember: false,
        member: false,
        leader: false,
        studyAdmin: false,
        creator: false,
        siteAdmin: true,
      },
      () => `q=${f.searchable}`,
    ),
  );
  it(
    'answers emails to the managers of the study the member screen names',
    who(
      {
        anonymous: 401,
        nonMember: false,
        member: false,
        leader: true,
        studyAdmin: true,
        creator: true,
        siteAdmin: true,
      },
      () => `q=${f.searchable}&study_id=${f.publicStudy}`,
    ),
  );
});
