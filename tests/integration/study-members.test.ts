import { beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { studyCountersEntity, studyEntity } from '../../functions/domains/studies/entities/study.js';
import { studyMembershipEntity } from '../../functions/domains/studies/entities/study-membership.js';
import { joinRequestEntity } from '../../functions/domains/studies/entities/study-join-request.js';
import { WITHDRAWN_CREATOR_ID } from '../../functions/runtime/data/key-parts.js';
import { insertJoinRequest } from '../../functions/domains/studies/join-request-store.js';
import { appItem, clientFor, makeUser } from '../support/accounts.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import {
  addStudyMember,
  itemsWithPrefix,
  makeStudy,
  setStudyPublic,
  studyPartition,
} from '../support/study-member-fixtures.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

let creator: FixtureUser;
let stranger: FixtureUser;
const json = async <T>(res: Response) => (await res.json()) as T;

type MemberAnswer = {
  id: string;
  user: string | null;
  name: string;
  email: string | null;
  member_id: string | null;
  affiliation: string | null;
  location: string | null;
  role: string;
  is_active: boolean;
};

beforeAll(async () => {
  [creator, stranger] = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl)]);
});

/** The study's items by kind, and that its member count, claims and members agree (nothing half-written). */
async function consistentStudy(studyId: string) {
  const items = await studyPartition(studyId);
  const members = itemsWithPrefix(items, 'MEMBER#');
  const keys = itemsWithPrefix(items, 'MEMBERKEY#');
  const counters = studyCountersEntity.parse(items.find((i) => i.sk === 'SEQ')!);
  expect(counters.member_count).toBe(members.length);
  const claimed = members.reduce((n, m) => n + (m.email ? 1 : 0) + (m.member_id ? 1 : 0) + (m.user_id ? 1 : 0), 0);
  expect(keys).toHaveLength(claimed);
  for (const key of keys) expect(members.some((m) => m.id === key.member_id)).toBe(true);
  return { items, members, keys, requests: itemsWithPrefix(items, 'JOINREQ#') };
}

describe('adding and editing members', () => {
  it('requires a name, checks the email format and stores empty optional fields as null', async () => {
    const study = await makeStudy(creator);
    expect((await creator.client.post('/api/members/', { study, name: '  ' })).status).toBe(400);
    expect((await creator.client.post('/api/members/', { study, name: 'Kim', email: 'not-an-email' })).status).toBe(
      400,
    );
    const res = await creator.client.post('/api/members/', {
      study,
      name: ' Kim ',
      email: '',
      member_id: '',
      affiliation: ' ',
      location: null,
    });
    expect(res.status).toBe(201);
    const member = await json<MemberAnswer>(res);
    expect(member).toMatchObject({
      name: 'Kim',
      email: null,
      member_id: null,
      affiliation: null,
      location: null,
      role: 'member',
      is_active: true,
      user: null,
    });
    const { members } = await consistentStudy(study);
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ email: null, member_id: null, affiliation: null, location: null });
  });

  it('keeps email (case-insensitively), member code and linked user unique inside a study, not across studies', async () => {
    const study = await makeStudy(creator);
    const other = await makeStudy(creator);
    const user = await fixtureUser(apiUrl);
    const add = (body: Record<string, unknown>) => creator.client.post('/api/members/', { name: 'x', ...body });
    expect((await add({ study, email: 'Same@Example.com', member_id: 'M-1', user: user.id })).status).toBe(201);
    expect(await json(await add({ study, email: 'same@example.COM' }))).toMatchObject({ code: 'member_email_taken' });
    expect(await json(await add({ study, member_id: 'M-1' }))).toMatchObject({ code: 'member_code_taken' });
    expect(await json(await add({ study, user: user.id }))).toMatchObject({ code: 'member_user_taken' });
    expect((await add({ study, user: 'no-such-user' })).status).toBe(404);
    expect((await add({ study: other, email: 'same@example.com', member_id: 'M-1', user: user.id })).status).toBe(201);
    const { members } = await consistentStudy(study);
    expect(members).toHaveLength(1);
  });

  it('links, edits, swaps claims and unlinks in one write each; the membership follows the linked user', async () => {
    const study = await makeStudy(creator);
    const [first, second] = [await fixtureUser(apiUrl), await fixtureUser(apiUrl)];
    const created = await json<MemberAnswer>(
      await creator.client.post('/api/members/', { study, name: 'Lee', email: 'lee@example.com' }),
    );
    let res = await creator.client.put(`/api/members/${created.id}/`, {
      user: first.id,
      email: 'lee2@example.com',
      role: 'study_leader',
    });
    expect(res.status).toBe(200);
    expect(await appItem(studyMembershipEntity.key(first.id, study))).toMatchObject({
      role: 'study_leader',
      is_active: true,
      member_id: created.id,
    });
    // The freed email can be used again, the new one cannot.
    expect((await creator.client.post('/api/members/', { study, name: 'x', email: 'lee@example.com' })).status).toBe(
      201,
    );
    expect((await creator.client.post('/api/members/', { study, name: 'x', email: 'LEE2@example.com' })).status).toBe(
      409,
    );
    res = await creator.client.put(`/api/members/${created.id}/`, { user: second.id, is_active: false });
    expect(await json(res)).toMatchObject({
      user: second.id,
      is_active: false,
      email: 'lee2@example.com',
      role: 'study_leader',
    });
    expect(await appItem(studyMembershipEntity.key(first.id, study))).toBeUndefined();
    expect(await appItem(studyMembershipEntity.key(second.id, study))).toMatchObject({ is_active: false });
    res = await creator.client.put(`/api/members/${created.id}/`, { user: null });
    expect(await json(res)).toMatchObject({ user: null, user_username: null });
    expect(await appItem(studyMembershipEntity.key(second.id, study))).toBeUndefined();
    expect((await creator.client.put(`/api/members/${created.id}/`, { study: await makeStudy(creator) })).status).toBe(
      400,
    );
    await consistentStudy(study);
  });

  it('activates and deactivates one member per call, as the bulk actions do, and deletes without leftovers', async () => {
    const study = await makeStudy(creator);
    const users = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl), fixtureUser(apiUrl)]);
    const members = await Promise.all(
      users.map((user, i) =>
        addStudyMember(study, { user, email: `bulk${i}-${uniqueSuffix()}@example.com`, member_id: `B${i}` }),
      ),
    );
    const deactivated = await Promise.all(
      members.map((m) => creator.client.put(`/api/members/${m.id}/`, { is_active: false })),
    );
    expect(deactivated.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const user of users)
      expect(await appItem(studyMembershipEntity.key(user.id, study))).toMatchObject({ is_active: false });
    const deleted = await Promise.all(members.map((m) => creator.client.delete(`/api/members/${m.id}/`)));
    expect(deleted.map((r) => r.status)).toEqual([200, 200, 200]);
    const { members: left, keys } = await consistentStudy(study);
    expect(left).toHaveLength(0);
    expect(keys).toHaveLength(0);
    for (const user of users) expect(await appItem(studyMembershipEntity.key(user.id, study))).toBeUndefined();
    expect((await creator.client.delete(`/api/members/${members[0]!.id}/`)).status).toBe(404);
  });

  it('shows emails and member codes only to managers and site admins, and to a member on their own row', async () => {
    const study = await makeStudy(creator);
    const member = await fixtureUser(apiUrl);
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    await addStudyMember(study, { name: 'other', email: 'secret@example.com', member_id: 'S-1' });
    await addStudyMember(study, { user: member, email: 'mine@example.com', member_id: 'S-2' });
    const seenBy = async (client: TestClient) =>
      (await json<MemberAnswer[]>(await client.get(`/api/studies/${study}/members/`))).map((m) => [
        m.email,
        m.member_id,
      ]);
    expect(await seenBy(member.client)).toEqual([
      [null, null],
      ['mine@example.com', 'S-2'],
    ]);
    expect(await seenBy(stranger.client)).toEqual([
      [null, null],
      [null, null],
    ]);
    const all = [
      ['secret@example.com', 'S-1'],
      ['mine@example.com', 'S-2'],
    ];
    expect(await seenBy(creator.client)).toEqual(all);
    expect(await seenBy(admin.client)).toEqual(all);
  });

  it('imports the members of another study, skipping an existing email or member code, and reports the counts', async () => {
    const source = await makeStudy(creator);
    const target = await makeStudy(creator);
    await addStudyMember(source, { name: 'a', email: 'a@example.com' });
    await addStudyMember(source, { name: 'b', member_id: 'B-1' });
    await addStudyMember(source, { name: 'c', email: 'c@example.com', member_id: 'C-1' });
    await addStudyMember(target, { name: 'A again', email: 'A@example.com' });
    await addStudyMember(target, { name: 'B again', member_id: 'B-1' });
    const res = await creator.client.post('/api/members/import/', { study: target, source_study: source });
    expect(await json(res)).toMatchObject({ imported: 1, skipped: 2, total: 3 });
    const { members } = await consistentStudy(target);
    expect(members.map((m) => m.name).sort()).toEqual(['A again', 'B again', 'c']);
    // A stranger may not read another study's members into their own.
    const own = await makeStudy(stranger);
    expect((await stranger.client.post('/api/members/import/', { study: own, source_study: source })).status).toBe(403);
  });

  it('lets two parallel adds of the same email end in exactly one member', async () => {
    const study = await makeStudy(creator);
    const email = `race-${uniqueSuffix()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => creator.client.post('/api/members/', { study, name: `racer ${i}`, email })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const { members, keys } = await consistentStudy(study);
    expect(members).toHaveLength(1);
    expect(keys).toHaveLength(1);
  });
});

describe('join requests', () => {
  it('goes pending → approved once, makes a plain active member in the same write, and ignores a role in the request', async () => {
    const study = await makeStudy(creator);
    const requester = await makeUser({ first_name: 'Park' });
    const client = await clientFor(apiUrl, requester);
    const created = await client.post('/api/study-join-request/', {
      study_id: study,
      message: 'hello',
      role: 'study_admin',
    });
    expect(created.status).toBe(201);
    const { join_request_id: id } = await json<{ join_request_id: string }>(created);
    expect((await client.post('/api/study-join-request/', { study_id: study })).status).toBe(409);
    expect(await json(await client.get('/api/study-join-request/user/'))).toEqual([
      expect.objectContaining({ id, study, status: 'pending', message: 'hello' }),
    ]);
    const listed = await json<{ id: string; user_email: string | null }[]>(
      await creator.client.get(`/api/studies/${study}/join-requests/`),
    );
    expect(listed).toEqual([expect.objectContaining({ id, status: 'pending', user_email: requester.email })]);

    const approved = await creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' });
    expect(await json(approved)).toMatchObject({ status: 'approved', responded_by_username: creator.username });
    expect(await appItem(joinRequestEntity.userKey(requester.id, study))).toMatchObject({ status: 'approved' });
    const { members } = await consistentStudy(study);
    expect(members).toEqual([
      expect.objectContaining({
        user_id: requester.id,
        role: 'member',
        is_active: true,
        email: requester.email,
        name: 'Park',
      }),
    ]);
    expect(await appItem(studyMembershipEntity.key(requester.id, study))).toMatchObject({
      role: 'member',
      is_active: true,
    });
    expect((await creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'rejected' })).status).toBe(
      409,
    );
    // A member cannot ask again.
    expect(await json(await client.post('/api/study-join-request/', { study_id: study }))).toMatchObject({
      code: 'join_request_already_member',
    });
  });

  it('rejects without a member, and a rejected user may ask again', async () => {
    const study = await makeStudy(creator);
    const requester = await fixtureUser(apiUrl);
    const { join_request_id: id } = await json<{ join_request_id: string }>(
      await requester.client.post('/api/study-join-request/', { study_id: study }),
    );
    expect((await creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'rejected' })).status).toBe(
      200,
    );
    expect((await consistentStudy(study)).members).toHaveLength(0);
    expect((await requester.client.post('/api/study-join-request/', { study_id: study })).status).toBe(201);
  });

  it('never lets a user answer their own request', async () => {
    const study = await makeStudy(creator);
    const { join_request_id: id } = await json<{ join_request_id: string }>(
      await creator.client.post('/api/study-join-request/', { study_id: study }),
    );
    expect(
      await json(await creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' })),
    ).toMatchObject({ code: 'join_request_own' });
    expect((await consistentStudy(study)).members).toHaveLength(0);
  });

  it('cancels only a pending request of the caller, on both sides', async () => {
    const study = await makeStudy(creator);
    const requester = await fixtureUser(apiUrl);
    const { join_request_id: id } = await json<{ join_request_id: string }>(
      await requester.client.post('/api/study-join-request/', { study_id: study }),
    );
    expect((await stranger.client.delete(`/api/study-join-request/${id}/cancel/`)).status).toBe(404);
    expect((await requester.client.delete(`/api/study-join-request/${id}/cancel/`)).status).toBe(200);
    expect(await appItem(joinRequestEntity.userKey(requester.id, study))).toBeUndefined();
    expect((await consistentStudy(study)).requests).toHaveLength(0);
    expect((await requester.client.delete(`/api/study-join-request/${id}/cancel/`)).status).toBe(404);
    const again = await json<{ join_request_id: string }>(
      await requester.client.post('/api/study-join-request/', { study_id: study }),
    );
    await creator.client.post(`/api/study-join-request/${again.join_request_id}/respond/`, { status: 'approved' });
    expect(await json(await requester.client.delete(`/api/study-join-request/${id}/cancel/`))).toMatchObject({
      code: 'join_request_not_pending',
    });
  });

  it('leaving removes the member, its claims, the membership and the request; removing the request again is no error', async () => {
    const study = await makeStudy(creator);
    const requester = await fixtureUser(apiUrl);
    const { join_request_id: id } = await json<{ join_request_id: string }>(
      await requester.client.post('/api/study-join-request/', { study_id: study }),
    );
    await creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' });
    const [mine] = await json<MemberAnswer[]>(await requester.client.get(`/api/studies/${study}/members/`));
    expect((await requester.client.delete(`/api/members/${mine!.id}/`)).status).toBe(200);
    expect(await json(await requester.client.delete(`/api/study-join-request/user/${study}/`))).toMatchObject({
      deleted: false,
    });
    const { members, requests, keys } = await consistentStudy(study);
    expect([members.length, requests.length, keys.length]).toEqual([0, 0, 0]);
    expect(await appItem(studyMembershipEntity.key(requester.id, study))).toBeUndefined();
    expect(await appItem(joinRequestEntity.userKey(requester.id, study))).toBeUndefined();
  });

  it('refuses a request to a private study and writes nothing, also when only the write sees it private', async () => {
    const study = await makeStudy(creator, { isPublic: false });
    const member = await fixtureUser(apiUrl);
    await addStudyMember(study, { user: member });
    expect((await stranger.client.post('/api/study-join-request/', { study_id: study })).status).toBe(404);
    expect(await json(await member.client.post('/api/study-join-request/', { study_id: study }))).toMatchObject({
      code: 'join_request_private_study',
    });
    // The transaction's own check of META, without the service's read in front of it.
    const request = {
      id: `${study}_${stranger.id}`,
      study_id: study,
      user_id: stranger.id,
      user_username: stranger.username,
      user_email: '',
      message: '',
    };
    const refused = insertJoinRequest({
      ...request,
      requested_at: new Date().toISOString(),
      status: 'pending',
      responded_by_username: null,
      responded_at: null,
    });
    await expect(refused).rejects.toMatchObject({ reason: 'study_private' });
    expect((await consistentStudy(study)).requests).toHaveLength(0);
    expect(await appItem(joinRequestEntity.userKey(stranger.id, study))).toBeUndefined();
  });

  it('lets two parallel approvals of one request end in one approval and one member', async () => {
    const study = await makeStudy(creator);
    const leader = await fixtureUser(apiUrl);
    await addStudyMember(study, { user: leader, role: 'study_leader' });
    const requester = await fixtureUser(apiUrl);
    const { join_request_id: id } = await json<{ join_request_id: string }>(
      await requester.client.post('/api/study-join-request/', { study_id: study }),
    );
    const answers = await Promise.all([
      creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' }),
      leader.client.post(`/api/study-join-request/${id}/respond/`, { status: 'approved' }),
      creator.client.post(`/api/study-join-request/${id}/respond/`, { status: 'rejected' }),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const winner = await json<{ status: string }>(answers[statuses.indexOf(200)]!);
    const { members, requests } = await consistentStudy(study);
    const requesterMembers = members.filter((m) => m.user_id === requester.id);
    expect(requesterMembers).toHaveLength(winner.status === 'approved' ? 1 : 0);
    expect(requests).toEqual([expect.objectContaining({ status: winner.status })]);
    expect(await appItem(joinRequestEntity.userKey(requester.id, study))).toMatchObject({ status: winner.status });
    expect(!!(await appItem(studyMembershipEntity.key(requester.id, study)))).toBe(winner.status === 'approved');
  });

  it('lets a join request racing the study turning private end in one outcome on both sides', async () => {
    for (let round = 0; round < 6; round++) {
      const study = await makeStudy(creator);
      const requester = await fixtureUser(apiUrl);
      const [answer] = await Promise.all([
        requester.client.post('/api/study-join-request/', { study_id: study }),
        setStudyPublic(study, false),
      ]);
      expect([201, 403, 404]).toContain(answer.status);
      const studySide = await appItem(joinRequestEntity.studyKey(study, requester.id));
      const userSide = await appItem(joinRequestEntity.userKey(requester.id, study));
      expect(!!studySide).toBe(answer.status === 201);
      expect(!!userSide).toBe(answer.status === 201);
      // Once private, nobody outside can ask.
      const late = await fixtureUser(apiUrl);
      expect((await late.client.post('/api/study-join-request/', { study_id: study })).status).toBe(404);
    }
  });
});

describe('withdrawal', () => {
  it('removes the user from every study (member, claims, count) and their join requests on the study side', async () => {
    const joined = await makeStudy(creator);
    const asked = await makeStudy(creator);
    const leaving = await makeUser();
    const client = await clientFor(apiUrl, leaving);
    await addStudyMember(joined, { user: leaving, email: leaving.email, member_id: 'W-1' });
    await addStudyMember(joined, { name: 'stays', email: `stays-${uniqueSuffix()}@example.com` });
    expect((await client.post('/api/study-join-request/', { study_id: asked })).status).toBe(201);
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    expect((await admin.client.delete(`/api/users/${leaving.id}/delete/`)).status).toBe(200);
    const { members } = await consistentStudy(joined);
    expect(members.map((m) => m.name)).toEqual(['stays']);
    expect((await consistentStudy(asked)).requests).toHaveLength(0);
  });

  it("anonymises the creator of a study that keeps members and drops its creator index entry (gap 13): nothing piles up under the withdrawn creator's partition", async () => {
    const leaving = await makeUser();
    const staying = await fixtureUser(apiUrl);
    const kept = await makeStudy(leaving);
    await addStudyMember(kept, { user: staying, email: `stays-${uniqueSuffix()}@example.com` });
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    expect((await admin.client.delete(`/api/users/${leaving.id}/delete/`)).status).toBe(200);

    const meta = await appItem(studyEntity.key(kept));
    expect(meta).toMatchObject({ created_by_id: WITHDRAWN_CREATOR_ID, created_by_username: '' });
    expect(meta!.gsi1pk).toBeUndefined();
    const withdrawnIndex = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': studyEntity.creatorPartition(WITHDRAWN_CREATOR_ID) },
      }),
    );
    expect(withdrawnIndex.Items ?? []).toEqual([]);

    // The study still reads and lists as before.
    const detail = await staying.client.get(`/api/studies/${kept}/`);
    expect(detail.status).toBe(200);
    expect(await json<{ created_by: unknown }>(detail)).toMatchObject({
      created_by: { id: WITHDRAWN_CREATOR_ID, username: '' },
    });
    const mine = await json<{ results: { id: string }[] }>(await staying.client.get('/api/studies/?my_studies=true'));
    expect(mine.results.map((s) => s.id)).toContain(kept);
    expect(meta!.gsi2pk).toBeDefined();
  });
});
