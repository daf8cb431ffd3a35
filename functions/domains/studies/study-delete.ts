import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { finishPendingWork } from '../../runtime/data/pending-work.js';
import { queryPages } from '../../runtime/data/paginate.js';
import { joinRequestEntity } from './entities/study-join-request.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { studyEntity, studyTitleClaimEntity, type StudyRecord } from './entities/study.js';
import { studyLinkEntity } from '../exams/index.js';
import { studyMemberEntity } from './entities/study-member.js';
import { studyMembershipEntity } from './entities/study-membership.js';
import { studyTaskEntity } from './entities/study-task.js';
import { adjustUsage } from '../tags/index.js';
import { db } from '../../runtime/data/db.js';

/**
 * Deleting a study (S12), orphan-free and idempotent, whatever its size:
 *
 * 1. `startStudyDeletion`: one transaction turns the META into a tombstone (`deleting_at`; out of
 *    every list index, read as "not found" by every route, listed in gsi2 `STUDYDELETES`) and
 *    frees the creator's title claims; tag usage −1 once. From here on the study is gone for
 *    users, and no task or member can be added (their transactions check the META is live).
 * 2. `continueStudyDeletion`: Query the study partition page by page; for each page delete first
 *    what its items point at — each linked member's `USER#<uid>`/`MEMBERSHIP#<sid>`, each
 *    requester's `USER#<uid>`/`JOINREQ#<sid>`, each task's `EXAM#<eid>`/`STUDYLINK#<sid>#<taskId>` —
 *    then the page's own items (tasks, members, member keys, join requests, counters). The
 *    tombstone goes last, so an interrupted run leaves it as the marker of the rest.
 *
 * The route runs step 2 within its time budget; what is left is finished by a repeated DELETE
 * or by the daily retention-cleanup job (`finishPendingStudyDeletions`), like an unfinished
 * statistics reset. Every step deletes by key: running it twice changes nothing.
 */

const PAGE_ITEMS = 500;

/** Returns false when the study was already being deleted (nothing to start). */
export async function startStudyDeletion(study: StudyRecord, now = new Date()): Promise<boolean> {
  if (study.deleting_at) return false;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.appTable,
              Item: studyEntity.item({ ...study, deleting_at: now.toISOString() }),
              ConditionExpression: studyEntity.liveCondition,
            },
          },
          ...study.title_keys.map((key) => ({
            Delete: {
              TableName: config.appTable,
              Key: studyTitleClaimEntity.key(study.created_by_id, key),
              ConditionExpression: 'attribute_not_exists(pk) OR study_id = :id',
              ExpressionAttributeValues: { ':id': study.id },
            },
          })),
        ],
      }),
    );
  } catch (error) {
    if (isTransactionCanceled(error)) return false;
    throw error;
  }
  await adjustUsage(study.tag_ids, -1);
  return true;
}

/** The items outside the study partition that one of its items points at. */
function pointersOf(studyId: string, item: Record<string, unknown>): { pk: string; sk: string }[] {
  if (studyMemberEntity.isMemberItem(item) && typeof item.user_id === 'string' && item.user_id) {
    return [studyMembershipEntity.key(item.user_id, studyId)];
  }
  if (joinRequestEntity.isJoinRequestItem(item) && typeof item.user_id === 'string')
    return [joinRequestEntity.userKey(item.user_id, studyId)];
  if (
    studyTaskEntity.isTaskItem(item) &&
    typeof item.exam_id === 'string' &&
    item.exam_id &&
    typeof item.id === 'string'
  ) {
    return [studyLinkEntity.key(item.exam_id, studyId, item.id)];
  }
  return [];
}

export interface StudyDeletionOutcome {
  deleted: number;
  completed: boolean;
}

/** Step 2 until done or `deadline` (epoch ms); safe to run again and in parallel. */
export async function continueStudyDeletion(studyId: string, deadline: number): Promise<StudyDeletionOutcome> {
  let deleted = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': studyEntity.partition(studyId) },
    ProjectionExpression: 'pk, sk, id, user_id, exam_id',
    Limit: PAGE_ITEMS,
  });
  for await (const page of pages) {
    const own = page.items.filter((item) => !studyEntity.isMetaItem(item));
    const pointed = own.flatMap((item) => pointersOf(studyId, item));
    await batchWriteAll(pointed.map(deleteRequest));
    await batchWriteAll(own.map((item) => deleteRequest(primaryKeyOf(item))));
    deleted += pointed.length + own.length;
    if (page.lastKey && Date.now() >= deadline) return { deleted, completed: false };
  }
  await batchWriteAll([deleteRequest(studyEntity.key(studyId))]);
  return { deleted: deleted + 1, completed: true };
}

/** The unfinished deletions (gsi2 `STUDYDELETES`), finished one by one until `deadline`. */
export async function finishPendingStudyDeletions(deadline: number): Promise<{ studies: number; unfinished: number }> {
  const { found, unfinished } = await finishPendingWork(
    studyEntity.pendingDeletesPartition,
    'id',
    deadline,
    (tombstone, until) => continueStudyDeletion(String(tombstone.id), until),
  );
  return { studies: found, unfinished };
}
