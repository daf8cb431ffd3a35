import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as studyServices from '../../functions/domains/studies/studies.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { addMember, addMembers, addTasks, createStudy } from '../support/study-fixtures.js';
import { requestContextFor as contextFor } from '../support/request-context.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests per study read, counted on the document client while the services run in this
 * process: the list, the detail and the caller's studies take a constant number of requests
 * whatever the number of studies, members and tasks.
 */

describe('DynamoDB requests per study read', () => {
  const calls = countDynamoCalls();
  let creator: FixtureUser;
  let member: FixtureUser;
  let small: string;
  let big: string;

  beforeAll(async () => {
    creator = await fixtureUser(apiUrl);
    member = await fixtureUser(apiUrl);
    small = (await createStudy(creator)).id;
    big = (await createStudy(creator)).id;
    await addMembers(
      big,
      Array.from({ length: 498 }, (_, i) => ({
        userId: `budget-${big}-${i}`,
        username: `member_${i}`,
        email: `budget${i}@example.org`,
      })),
    );
    await addTasks(big, 200);
    await addMember(small, member);
    await addMember(big, member);
  }, 120_000);

  const detail = async (studyId: string, user: FixtureUser) => {
    calls.reset();
    const answer = await studyServices.getStudy({ params: { id: studyId }, query: {}, body: {} }, contextFor(user));
    return { answer, used: calls.count(), byCommand: calls.byCommand() };
  };

  it('reads a study with 200 tasks and 500 members (creator + 498 + one user) in as many requests as a study of one task', async () => {
    const bigRead = await detail(big, creator);
    expect(bigRead.answer.tasks).toHaveLength(200);
    expect(bigRead.answer.members).toHaveLength(500);
    const smallRead = await detail(small, creator);
    expect(bigRead.used).toBe(smallRead.used);
    // BatchGet (META + membership + join request) + 2 Queries of the study partition.
    expect(bigRead.byCommand).toEqual({ BatchGetItemCommand: 1, QueryCommand: 2 });
    expect((await detail(big, member)).used).toBe(3);
  }, 60_000);

  it('lists public studies and the caller’s studies in a constant number of requests', async () => {
    calls.reset();
    await studyServices.listStudies({ params: {}, query: { page_size: 50 }, body: {} }, contextFor(null));
    const anonymous = calls.count();
    // Four public shards, at most two pages each.
    expect(anonymous).toBeLessThanOrEqual(8);
    calls.reset();
    const mine = await studyServices.listStudies(
      { params: {}, query: { my_studies: true }, body: {} },
      contextFor(member),
    );
    expect(mine.results.map((s) => s.id).sort()).toEqual([small, big].sort());
    expect(calls.byCommand()).toEqual({ QueryCommand: 1, BatchGetItemCommand: 1 });
    for (let i = 0; i < 3; i++) await addMember((await createStudy(creator)).id, member);
    calls.reset();
    await studyServices.listStudies({ params: {}, query: { my_studies: true }, body: {} }, contextFor(member));
    expect(calls.byCommand()).toEqual({ QueryCommand: 1, BatchGetItemCommand: 1 });
  }, 60_000);

  it('answers the counters of a listed page (with_counters, D95) in one more request, whatever the number of studies', async () => {
    const withCounters = async (query: Record<string, unknown>, user: FixtureUser | null) => {
      calls.reset();
      const answer = await studyServices.listStudies(
        { params: {}, query: { ...query, with_counters: true }, body: {} } as never,
        contextFor(user),
      );
      return { answer, byCommand: calls.byCommand(), used: calls.count() };
    };
    const before = await withCounters({ my_studies: true }, member);
    expect(before.byCommand).toEqual({ QueryCommand: 1, BatchGetItemCommand: 2 });
    expect(before.answer.results.find((s) => s.id === big)).toMatchObject({ task_count: 200, member_count: 500 });
    for (let i = 0; i < 3; i++) await addMember((await createStudy(creator)).id, member);
    const after = await withCounters({ my_studies: true }, member);
    expect(after.answer.results.length).toBeGreaterThan(before.answer.results.length);
    expect(after.byCommand).toEqual({ QueryCommand: 1, BatchGetItemCommand: 2 });

    calls.reset();
    await studyServices.listStudies({ params: {}, query: { page_size: 50 }, body: {} }, contextFor(null));
    const plain = calls.count();
    const anonymous = await withCounters({ page_size: 50 }, null);
    expect(anonymous.used).toBe(plain + 1);
    expect(anonymous.byCommand.BatchGetItemCommand).toBe(1);
  }, 60_000);
});
