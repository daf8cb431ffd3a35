import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { db, ITEM_EXISTS, type TransactItem } from '../../runtime/data/db.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { userEntity } from '../users/index.js';

/**
 * `study_memberships` on the USER item (D243): how many `MEMBERSHIP#` items the user has, active or
 * not, moved by ±1 in the transactions that put or delete one. The daily mail reads the USER item
 * anyway, so a learner with 0 costs it no memberships Query. A count only ever errs high (a study
 * deletion removes memberships without it; users from before it start "unknown"): a reader that
 * finds fewer items corrects it ({@link correctMembershipCount}).
 */

/** What an absent count becomes on its first ±1: high, so the next reader queries and corrects it. */
export const UNKNOWN_MEMBERSHIPS = 1_000_000;

/** The USER item's count in a membership transaction (the user must exist: no stub USER item). */
export const membershipCountItem = (userId: string, delta: 1 | -1): TransactItem => ({
  Update: {
    TableName: config.appTable,
    Key: userEntity.key(userId),
    UpdateExpression: 'SET study_memberships = if_not_exists(study_memberships, :unknown) + :d',
    ConditionExpression: ITEM_EXISTS,
    ExpressionAttributeValues: { ':unknown': UNKNOWN_MEMBERSHIPS, ':d': delta },
  },
});

/** Sets the count a reader found, unless a membership transaction moved it meanwhile (then that one is right or high). */
export async function correctMembershipCount(userId: string, seen: number | undefined, actual: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(userId),
        UpdateExpression: 'SET study_memberships = :n',
        ConditionExpression:
          seen === undefined
            ? `${ITEM_EXISTS} AND attribute_not_exists(study_memberships)`
            : `${ITEM_EXISTS} AND study_memberships = :seen`,
        ExpressionAttributeValues: { ':n': actual, ...(seen === undefined ? {} : { ':seen': seen }) },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
