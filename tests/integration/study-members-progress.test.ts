import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { studyActivityEntity } from '../../functions/domains/studies/entities/study-activity.js';
import { studyMemberEntity } from '../../functions/domains/studies/entities/study-member.js';
import * as membersProgress from '../../functions/domains/studies/members-progress.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import { addTasks } from '../support/study-fixtures.js';
import { addStudyMember, itemsWithPrefix, makeStudy, studyPartition } from '../support/study-member-fixtures.js';
import { signedInContextFor as contextFor } from '../support/request-context.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * The members table of the progress dashboard (GET /api/study-members-progress/).
 * Member management's rule, role by role; the numbers a member's submit leaves, the same in the
 * members table and in the member's own dashboard; and a fixed number of DynamoDB requests
 * whatever the study's history before the period.
 */
type Who = 'anonymous' | 'nonMember' | 'member' | 'inactiveLeader' | 'leader' | 'studyAdmin' | 'creator' | 'siteAdmin';
const WHO: Who[] = [
  'anonymous',
  'nonMember',
  'member',
  'inactiveLeader',
  'leader',
  'studyAdmin',
  'creator',
  'siteAdmin',
];

const json = async (res: Response) => (await res.json()) as any;

let users: Record<Exclude<Who, 'anonymous'>, FixtureUser>;
let clients: Record<Who, TestClient>;
let publicStudy: string;
let privateStudy: string;

async function studyWithCast(isPublic: boolean): Promise<string> {
  const study = await makeStudy(users.creator, { isPublic });
  await addStudyMember(study, { user: users.member, role: 'member' });
  await addStudyMember(study, { user: users.inactiveLeader, role: 'study_leader', is_active: false });
  await addStudyMember(study, { user: users.leader, role: 'study_leader' });
  await addStudyMember(study, { user: users.studyAdmin, role: 'study_admin' });
  return study;
}

beforeAll(async () => {
  const [nonMember, member, inactiveLeader, leader, studyAdmin, creator, siteAdmin] = await Promise.all([
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl, { role: 'admin_role' }),
  ]);
  users = { nonMember, member, inactiveLeader, leader, studyAdmin, creator, siteAdmin };
  clients = {
    anonymous: await anonymousClient(apiUrl),
    nonMember: nonMember.client,
    member: member.client,
    inactiveLeader: inactiveLeader.client,
    leader: leader.client,
    studyAdmin: studyAdmin.client,
    creator: creator.client,
    siteAdmin: siteAdmin.client,
  };
  publicStudy = await studyWithCast(true);
  privateStudy = await studyWithCast(false);
});

describe('authorization matrix: the members table', () => {
  const managers = (others: number): Record<Who, number> => ({
    anonymous: 401,
    nonMember: others,
    member: 403,
    inactiveLeader: 403,
    leader: 200,
    studyAdmin: 200,
    creator: 200,
    siteAdmin: 200,
  });
  for (const [name, study, expected] of [
    ['public study', () => publicStudy, managers(403)],
    ['private study', () => privateStudy, managers(404)],
  ] as const) {
    it(`GET study-members-progress of a ${name}: site admins, the creator and active study_admin / study_leader only`, async () => {
      const seen: Record<string, number> = {};
      for (const who of WHO)
        seen[who] = (await clients[who].get(`/api/study-members-progress/${study()}/?days=7`)).status;
      expect(seen).toEqual(expected);
    });
  }

  it('answers 404 for an unknown study and 400 for a period the dashboard does not offer', async () => {
    expect((await clients.siteAdmin.get('/api/study-members-progress/no-such-study/')).status).toBe(404);
    expect((await clients.siteAdmin.get(`/api/study-members-progress/${publicStudy}/?days=3`)).status).toBe(400);
  });

  it('tells the dashboard who may see it (can_view_members), by the same rule', async () => {
    const seen: Record<string, boolean | number> = {};
    for (const who of WHO) {
      const res = await clients[who].get(`/api/study-time-statistics/${publicStudy}/?days=7`);
      seen[who] = res.status === 200 ? (await json(res)).can_view_members : res.status;
    }
    expect(seen).toEqual({
      anonymous: 401,
      nonMember: false,
      member: false,
      inactiveLeader: false,
      leader: true,
      studyAdmin: true,
      creator: true,
      siteAdmin: true,
    });
  });
});

describe('the numbers add up', () => {
  it("a member's submit shows the same in the members table and in the member's own dashboard", async () => {
    const bank = await uploadBank(users.creator, `members-${randomUUID()}.xlsx`, 4, false);
    const created = await createExam(users.creator, {
      title: `members exam ${randomUUID()}`,
      question_count: 4,
      file_id: bank.id,
      is_public: false,
    });
    const study = await studyWithCast(false);
    await addTasks(study, 1, created.id);
    const exam = await json(await users.member.client.get(`/api/exam/${created.id}/`));
    const questions = exam.questions as { id: string; answer?: string }[];
    const submit = await users.member.client.post('/api/submit-exam/', {
      exam_id: created.id,
      submission_id: randomUUID(),
      elapsed_seconds: 95,
      answers: questions.map((q, i) => ({ question_id: q.id, answer: i < 3 ? (q.answer ?? '') : 'wrong' })),
    });
    expect(submit.status, await submit.clone().text()).toBe(200);

    const table = await json(await users.leader.client.get(`/api/study-members-progress/${study}/?days=7`));
    const row = table.members.find((m: any) => m.username === users.member.username);
    expect(row).toMatchObject({
      answered_count: 4,
      correct_count: 3,
      study_time_seconds: 95,
      is_active: true,
      role: 'member',
    });
    expect(Date.parse(row.last_activity_at)).toBeGreaterThan(Date.now() - 60_000);
    const idle = table.members.find((m: any) => m.username === users.studyAdmin.username);
    expect(idle).toMatchObject({ answered_count: 0, correct_count: 0, study_time_seconds: 0, last_activity_at: null });

    const own = await json(await users.member.client.get(`/api/study-time-statistics/${study}/?days=7`));
    expect(own.summary).toMatchObject({
      answered_count: row.answered_count,
      correct_count: row.correct_count,
      total_study_time_seconds: row.study_time_seconds,
      active_tasks: 1,
    });
    expect(own.task_study_times[0]).toMatchObject({ answered_count: 4, correct_count: 3, study_time_seconds: 95 });
    const days = own.daily_study_times as { answered_count: number; study_time_seconds: number }[];
    expect(days.reduce((sum, d) => sum + d.answered_count, 0)).toBe(own.summary.answered_count);
    expect(days.reduce((sum, d) => sum + d.study_time_seconds, 0)).toBe(own.summary.total_study_time_seconds);

    // A retried submit (same submission) adds nothing, in either place.
    const { study_time_seconds } = row;
    const again = await json(await users.leader.client.get(`/api/study-members-progress/${study}/`));
    expect(again.members.find((m: any) => m.username === users.member.username).study_time_seconds).toBe(
      study_time_seconds,
    );
  });
});

describe('withdrawal', () => {
  it("takes the user's activity out of the studies' partitions", async () => {
    const leaver = await fixtureUser(apiUrl);
    const bank = await uploadBank(users.creator, `leaver-${randomUUID()}.xlsx`, 2, false);
    const created = await createExam(users.creator, {
      title: `leaver exam ${randomUUID()}`,
      question_count: 2,
      file_id: bank.id,
      is_public: false,
    });
    const study = await makeStudy(users.creator, { isPublic: false });
    await addStudyMember(study, { user: leaver, role: 'member' });
    await addTasks(study, 1, created.id);
    const exam = await json(await leaver.client.get(`/api/exam/${created.id}/`));
    const answers = (exam.questions as { id: string }[]).map((q) => ({ question_id: q.id, answer: 'x' }));
    expect(
      (
        await leaver.client.post('/api/submit-exam/', {
          exam_id: created.id,
          submission_id: randomUUID(),
          elapsed_seconds: 30,
          answers,
        })
      ).status,
    ).toBe(200);
    const activity = async () =>
      itemsWithPrefix(await studyPartition(study), studyActivityEntity.skPrefix).filter(
        (item) => item.user_id === leaver.id,
      );
    expect(await activity()).toHaveLength(1);
    expect((await leaver.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await activity()).toEqual([]);
  });
});

describe('DynamoDB requests per members-table call', () => {
  const MEMBERS = 300;
  const OLD_DAYS = 20;
  const calls = countDynamoCalls();

  const day = (offset: number) => {
    const date = new Date();
    date.setUTCDate(date.getUTCDate() - offset);
    return date.toISOString().slice(0, 10);
  };

  it('is the same fixed count for a 7-day period however long the history before it', async () => {
    const study = await makeStudy(users.creator);
    const now = new Date().toISOString();
    const userIds = Array.from({ length: MEMBERS }, (_, i) => `budget-user-${i}`);
    await batchWriteAll(
      userIds.map((userId, i) =>
        putRequest(
          studyMemberEntity.item({
            id: studyMemberEntity.newId(study, 1000 + i),
            study_id: study,
            user_id: userId,
            user_username: userId,
            name: `member ${i}`,
            email: null,
            member_id: null,
            affiliation: null,
            location: null,
            role: 'member',
            is_active: true,
            joined_at: now,
          }),
        ),
      ),
    );
    const activity = (offset: number, userId: string) =>
      putRequest({
        ...studyActivityEntity.key(study, day(offset), userId),
        type: studyActivityEntity.type,
        user_id: userId,
        date: day(offset),
        answered_count: 2,
        correct_count: 1,
        study_seconds: 30,
        last_activity_at: now,
      });
    // This week: every member on two days.
    await batchWriteAll(userIds.flatMap((userId) => [activity(0, userId), activity(3, userId)]));
    const ctx = contextFor(users.creator);
    const call = () =>
      membersProgress.studyMembersProgress({ params: { studyId: study }, query: { days: 7 }, body: {} } as never, ctx);

    calls.reset();
    const before = await call();
    const fresh = calls.count();
    expect(before.members).toHaveLength(MEMBERS);
    expect(before.members[0]).toMatchObject({ answered_count: 4, correct_count: 2, study_time_seconds: 60 });

    // Weeks of older history for every member: the 7-day call does not read it.
    await batchWriteAll(
      userIds.flatMap((userId) => Array.from({ length: OLD_DAYS }, (_, i) => activity(8 + i, userId))),
    );
    calls.reset();
    const after = await call();
    expect(calls.count()).toBe(fresh);
    expect(after.members).toEqual(before.members);
    // The access check (study and caller), the members, the period's activities.
    expect(fresh).toBeLessThanOrEqual(4);

    // Every day recorded: the history is read, in 1 MB pages.
    const all = await membersProgress.studyMembersProgress(
      { params: { studyId: study }, query: {}, body: {} } as never,
      ctx,
    );
    expect(all.members[0]).toMatchObject({
      answered_count: 2 * (2 + OLD_DAYS),
      study_time_seconds: 30 * (2 + OLD_DAYS),
    });
  }, 120_000);
});
