import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchGetAll, batchWriteAll, deleteRequest, putRequest } from '../../runtime/data/batch-ops.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { joinRequestEntity } from './entities/study-join-request.js';
import { studyActivityEntity } from './entities/study-activity.js';
import { studyDayEntity } from './entities/study-day.js';
import { studyCountersEntity, studyEntity } from './entities/study.js';
import { studyMemberEntity, studyMemberKeyEntity } from './entities/study-member.js';
import { studyMembershipEntity } from './entities/study-membership.js';
import { userPk, WITHDRAWN_CREATOR_ID } from '../../runtime/data/key-parts.js';
import { continueStudyDeletion, startStudyDeletion } from './study-delete.js';
import { getStudyCounters, studiesCreatedBy } from './study-store.js';
import { db, ITEM_EXISTS } from '../../runtime/data/db.js';

/**
 * The studies part of withdrawal and admin user delete (docs/architecture.md §2.10 step 4, D44),
 * run before the user's partition is deleted (its `MEMBERSHIP#` and `JOINREQ#` items are the
 * reverse pointers):
 *
 * * every member row linked to the user is **deleted** (not unlinked: it holds the person's name,
 *   email and code), with its uniqueness keys and `member_count − 1`;
 * * every join request of the user leaves the study's list;
 * * the user's `ACTIVITY#` items in the studies' partitions (one per day with a `STUDYDAY#` of theirs) are deleted;
 * * studies the user created: one left without members is deleted (S12); one with other members
 *   stays, its creator anonymised (`created_by_id` = `withdrawn`, username '') and out of the
 *   creator index (gap 13, D94).
 *
 * The `MEMBERSHIP#`/`JOINREQ#`/`STUDYTITLE#` items themselves go with the user's partition.
 */
export async function removeUserFromStudies(
  userId: string,
  deadline: number,
): Promise<{ memberships: number; requests: number; studies: number }> {
  const partitionItems = (prefix: string) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
    });
  const [memberships, requests] = await Promise.all([
    partitionItems(studyMembershipEntity.skPrefix).then((items) => items.map(studyMembershipEntity.parse)),
    partitionItems(joinRequestEntity.skPrefix).then((items) => items.map(joinRequestEntity.parse)),
  ]);

  const memberKeys = memberships
    .map((m) => studyMemberEntity.keyOfId(m.member_id))
    .filter((k): k is { pk: string; sk: string } => !!k);
  const members = (await batchGetAll(memberKeys, { consistent: true }))
    .map(studyMemberEntity.parse)
    .filter((m) => m.user_id === userId);
  for (const member of members) {
    await db()
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: config.appTable, Key: studyMemberEntity.keyOfId(member.id)! } },
            ...studyMemberKeyEntity.keysOf(member).map((k) => ({
              Delete: { TableName: config.appTable, Key: studyMemberKeyEntity.key(member.study_id, k.kind, k.value) },
            })),
            {
              Update: {
                TableName: config.appTable,
                Key: studyCountersEntity.key(member.study_id),
                UpdateExpression: 'ADD member_count :n',
                ConditionExpression: ITEM_EXISTS,
                ExpressionAttributeValues: { ':n': -1 },
              },
            },
          ],
        }),
      )
      .catch(async () => {
        // The study is being deleted (no counters): its cascade removes the rest; the member row goes now.
        await batchWriteAll([deleteRequest(studyMemberEntity.keyOfId(member.id)!)]);
      });
  }
  await batchWriteAll(requests.map((r) => deleteRequest(joinRequestEntity.studyKey(r.study_id, userId))));
  // The user's days in each study name the `ACTIVITY#` items the managers' table reads: they go too.
  const days = (await partitionItems(studyDayEntity.skPrefix)).map(studyDayEntity.parse);
  await batchWriteAll(
    days
      .filter((day) => day.study_id && day.date)
      .map((day) => deleteRequest(studyActivityEntity.key(day.study_id, day.date, userId))),
  );

  const created = (await studiesCreatedBy(userId)).filter((s) => !s.deleting_at);
  for (const study of created) {
    const counters = await getStudyCounters(study.id);
    if (counters.member_count <= 0) {
      await startStudyDeletion(study);
      await continueStudyDeletion(study.id, deadline);
    } else {
      // The anonymised item has no creator index entry (the entity leaves it out for WITHDRAWN_CREATOR_ID).
      await batchWriteAll([
        putRequest(studyEntity.item({ ...study, created_by_id: WITHDRAWN_CREATOR_ID, created_by_username: '' })),
      ]);
    }
  }
  return { memberships: members.length, requests: requests.length, studies: created.length };
}
