import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { cancellationReasons, CONDITION_FAILED, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { joinRequestEntity, type JoinRequestRecord } from './entities/study-join-request.js';
import { studyEntity } from './entities/study.js';
import { studyMemberKeyEntity, type StudyMemberRecord } from './entities/study-member.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { paginate } from '../../runtime/data/paginate.js';
import { retry } from '../../runtime/retry.js';
import { claimIndexes, insertMemberItems, runMemberTransaction } from './member-store.js';
import { db, transactWrite, ITEM_ABSENT, ITEM_EXISTS, type TransactItem } from '../../runtime/data/db.js';

/**
 * Join requests (docs/architecture.md §2.7 S19–S22, T7): one item on each side, `STUDY#<sid>`/`JOINREQ#<uid>`
 * and `USER#<uid>`/`JOINREQ#<sid>`, always written together. "One pending request per user and study" and
 * "pending → approved / rejected once" are conditions on the study side, so parallel calls end in one outcome.
 */

export type { JoinRequestRecord };

/** Why a new request was refused by its transaction. */
export class JoinRequestRefused extends Error {
  constructor(readonly reason: 'study_private' | 'already_pending' | 'already_member') {
    super(reason);
  }
}
/** The request is no longer pending (answered, cancelled or gone) since it was read. */
export class JoinRequestNotPending extends Error {}

const table = () => config.appTable;
const PENDING = { ':pending': 'pending' };
const STATUS = { '#status': 'status' };

export async function getJoinRequest(studyId: string, userId: string): Promise<JoinRequestRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: joinRequestEntity.studyKey(studyId, userId), ConsistentRead: true }),
  );
  return Item ? joinRequestEntity.parse(Item) : null;
}

async function listUnder(pk: string): Promise<JoinRequestRecord[]> {
  const requests: JoinRequestRecord[] = [];
  for await (const item of paginate({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': joinRequestEntity.skPrefix },
  })) {
    requests.push(joinRequestEntity.parse(item));
  }
  return requests;
}

/** S7: every request of a study (one Query per 1 MB page). */
export const listStudyJoinRequests = (studyId: string) => listUnder(studyEntity.partition(studyId));

/** S20: the user's own requests (one Query of their partition). */
export const listUserJoinRequests = (userId: string) => listUnder(userPk(userId));

/**
 * S19: both sides of a new pending request, in one transaction that also checks, at write time, that the study is
 * public, that no request of this user is pending there and that the user is not a member (their `MEMBERKEY#USER#`
 * claim is absent). An answered (approved / rejected) request of the same user is replaced.
 */
export async function insertJoinRequest(request: JoinRequestRecord): Promise<void> {
  const items: TransactItem[] = [
    {
      ConditionCheck: {
        TableName: table(),
        Key: studyEntity.key(request.study_id),
        ConditionExpression: `${studyEntity.liveCondition} AND is_public = :public`,
        ExpressionAttributeValues: { ':public': true },
      },
    },
    {
      Put: {
        TableName: table(),
        Item: joinRequestEntity.studyItem(request),
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :pending',
        ExpressionAttributeNames: STATUS,
        ExpressionAttributeValues: PENDING,
      },
    },
    { Put: { TableName: table(), Item: joinRequestEntity.userItem(request) } },
    {
      ConditionCheck: {
        TableName: table(),
        Key: studyMemberKeyEntity.key(request.study_id, 'USER', request.user_id),
        ConditionExpression: ITEM_ABSENT,
      },
    },
  ];
  const refusals = ['study_private', 'already_pending', null, 'already_member'] as const;
  await retry(
    () =>
      transactWrite(items, (reasons) => {
        const reason = refusals[reasons.indexOf(CONDITION_FAILED)];
        return reason ? new JoinRequestRefused(reason) : null;
      }),
    { attempts: 4, baseMs: 25, shouldRetry: (error) => isTransactionCanceled(error) },
  );
}

/** Both sides of the answered request: the study side only if it is still pending. */
function answerItems(answered: JoinRequestRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: table(),
        Item: joinRequestEntity.studyItem(answered),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: STATUS,
        ExpressionAttributeValues: PENDING,
      },
    },
    { Put: { TableName: table(), Item: joinRequestEntity.userItem(answered) } },
  ];
}

/**
 * S22: answer a pending request. With `member`, approval adds that member (its claims, the requester's membership,
 * the count) in the same transaction, so a request is never approved without its membership nor twice.
 * Throws `JoinRequestNotPending` when another answer won, `MemberKeyTaken` / `StudyGone` from the member's part.
 */
export async function answerJoinRequest(answered: JoinRequestRecord, member: StudyMemberRecord | null): Promise<void> {
  const memberPart = member ? insertMemberItems(member).items : [];
  // insertMemberItems begins with the study's existence check; it stays first so StudyGone is read at index 0.
  const items: TransactItem[] = member
    ? [memberPart[0]!, ...answerItems(answered), ...memberPart.slice(1)]
    : answerItems(answered);
  const statusAt = member ? 1 : 0;
  if (!member) {
    // Without a member part there is no study check in front: the status condition is the first item.
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (isTransactionCanceled(error) && cancellationReasons(error)[0] === CONDITION_FAILED)
        throw new JoinRequestNotPending();
      throw error;
    }
    return;
  }
  await runMemberTransaction(items, claimIndexes(items, member), (reasons) =>
    reasons[statusAt] === CONDITION_FAILED ? new JoinRequestNotPending() : null,
  );
}

/**
 * S21: delete both sides. `pendingOnly` (cancel) deletes only a pending request. Answers whether a request was
 * deleted (false: none there, or not pending for `pendingOnly`).
 */
export async function deleteJoinRequest(
  studyId: string,
  userId: string,
  options: { pendingOnly: boolean },
): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: joinRequestEntity.studyKey(studyId, userId),
              ConditionExpression: options.pendingOnly ? '#status = :pending' : ITEM_EXISTS,
              ...(options.pendingOnly ? { ExpressionAttributeNames: STATUS, ExpressionAttributeValues: PENDING } : {}),
            },
          },
          { Delete: { TableName: table(), Key: joinRequestEntity.userKey(userId, studyId) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isTransactionCanceled(error) && cancellationReasons(error)[0] === CONDITION_FAILED) return false;
    throw error;
  }
}
