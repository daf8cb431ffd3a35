import { beforeAll, describe, expect, inject, it } from 'vitest';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { joinRequestEntity } from '../../functions/domains/studies/entities/study-join-request.js';
import { studyMemberEntity } from '../../functions/domains/studies/entities/study-member.js';
import * as joinRequests from '../../functions/domains/studies/join-requests.js';
import * as members from '../../functions/domains/studies/members.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { makeStudy } from '../support/study-member-fixtures.js';
import { signedInContextFor as contextFor } from '../support/request-context.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests per member call (docs/architecture.md §2.7, members block), counted on the document client while
 * the services run in this process, for a study of 500 members (with emails, so they are not tiny) and 100 join
 * requests: each call is a fixed number of requests whatever the study's size.
 */
const MEMBERS = 500;
const REQUESTS = 100;

describe('DynamoDB requests per member call', () => {
  const calls = countDynamoCalls();
  let creator: FixtureUser;
  let study: string;

  beforeAll(async () => {
    creator = await fixtureUser(apiUrl);
    study = await makeStudy(creator);
    const now = new Date().toISOString();
    const memberItems = Array.from({ length: MEMBERS }, (_, i) =>
      studyMemberEntity.item({
        id: studyMemberEntity.newId(study, 1000 + i),
        study_id: study,
        user_id: null,
        user_username: null,
        name: `member ${i} ${'x'.repeat(40)}`,
        email: `member-${i}@example.com`,
        member_id: `M-${i}`,
        affiliation: 'Quizbank study group',
        location: 'Seoul',
        role: 'member',
        is_active: true,
        joined_at: now,
      }),
    );
    const requestItems = Array.from({ length: REQUESTS }, (_, i) =>
      joinRequestEntity.studyItem({
        id: `${study}_requester${i}`,
        study_id: study,
        user_id: `requester${i}`,
        user_username: `requester${i}`,
        user_email: `requester${i}@example.com`,
        message: 'please',
        requested_at: now,
        status: 'pending',
        responded_by_username: null,
        responded_at: null,
      }),
    );
    await batchWriteAll([...memberItems, ...requestItems].map(putRequest));
  });

  it('lists 500 members in one access read and one Query', async () => {
    calls.reset();
    const listed = await members.listStudyMembers({ params: { id: study } }, contextFor(creator));
    expect(listed).toHaveLength(MEMBERS);
    expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 1, QueryCommand: 1 });
  });

  it("lists a study's join requests in one access read and one Query", async () => {
    calls.reset();
    expect(await joinRequests.listJoinRequestsOfStudy({ params: { id: study } }, contextFor(creator))).toHaveLength(
      REQUESTS,
    );
    expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 1, QueryCommand: 1 });
  });

  it('adds, edits and deletes a member in a fixed number of requests', async () => {
    calls.reset();
    const added = await members.addMember(
      {
        body: {
          study,
          name: 'new',
          email: 'new@example.com',
          member_id: null,
          affiliation: null,
          location: null,
          role: 'member',
          is_active: true,
          user: null,
        },
      },
      contextFor(creator),
    );
    expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 1, UpdateItemCommand: 1, TransactWriteItemsCommand: 1 });
    const id = (added.body as { id: string }).id;
    calls.reset();
    await members.updateMember(
      { params: { id }, body: { is_active: false, email: 'renamed@example.com' } },
      contextFor(creator),
    );
    expect(calls.byCommand()).toEqual({ GetItemCommand: 1, BatchGetItemCommand: 1, TransactWriteItemsCommand: 1 });
    calls.reset();
    await members.deleteMember({ params: { id } }, contextFor(creator));
    expect(calls.byCommand()).toEqual({ GetItemCommand: 1, BatchGetItemCommand: 1, TransactWriteItemsCommand: 1 });
  });
});
