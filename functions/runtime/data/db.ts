import { PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import type { RetryOptions } from '../retry.js';
import {
  cancellationReasons,
  isConditionFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from './dynamo-errors.js';
import type { StoredItem } from './item.js';

/**
 * How every store reaches DynamoDB: one client accessor, one transaction item type, one way to
 * send a transaction and one conditional claim. Condition strings that mean the same everywhere
 * are here too; a condition that speaks of one item type lives with its entity.
 */

/** The document client (created on first use, runtime/aws/clients.ts). */
export const db = () => dynamoDocument();

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const TRANSACTION_MAX_ITEMS = 100;

/** One item of a TransactWriteItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The item exists (an update must not create it). */
export const ITEM_EXISTS = 'attribute_exists(pk)';
/** No item has this key yet (a claim, a first write). */
export const ITEM_ABSENT = 'attribute_not_exists(pk)';

/**
 * Sends one transaction; no items, no request. With `refusal`, a cancelled transaction becomes the
 * store's own error: it receives the reason of each item in order (`ConditionalCheckFailed`,
 * `TransactionConflict`, `None`) and answers the error to throw, or null to throw the cancellation
 * itself (to let a retry see it).
 */
export async function transactWrite(
  items: TransactItem[],
  refusal?: (reasons: string[]) => Error | null,
): Promise<void> {
  if (items.length === 0) return;
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (refusal && isTransactionCanceled(error)) throw refusal(cancellationReasons(error)) ?? error;
    if (refusal && isTransactionConflict(error)) throw refusal(items.map(() => 'TransactionConflict')) ?? error;
    throw error;
  }
}

/** The retry of a transaction that lost a race (cancelled or conflicting): 5 attempts in all. */
export const TRANSACTION_RETRY: RetryOptions = {
  attempts: 5,
  baseMs: 20,
  shouldRetry: (error) => isTransactionCanceled(error) || isTransactionConflict(error),
};

/**
 * Puts a pointer item if none is there, or over one that still names `stale` in `attribute`:
 * false when another writer claimed it first (the caller then reads the winner).
 */
export async function claimPointer(item: StoredItem, stale: string | null, attribute: 'exam_id'): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: config.appTable,
        Item: item,
        ConditionExpression: stale ? `${attribute} = :stale` : ITEM_ABSENT,
        ...(stale ? { ExpressionAttributeValues: { ':stale': stale } } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
