import { config } from '../config.js';
import { retry } from '../retry.js';
import { ITEM_ABSENT, ITEM_EXISTS, transactWrite } from './db.js';
import { conditionFailedAt, isTransactionCanceled } from './dynamo-errors.js';

/**
 * Items counted against a cap on another item (an exam's questions; a user's favorites and ignored
 * questions): the item and its counter change in one transaction, so the count never drifts.
 */

/** The item counted by a capped counter: its key, the attribute, the cap, and the item's `type` when the write may create it. */
export interface CountedItem {
  key: { pk: string; sk: string };
  attribute: string;
  cap: number;
  /** The counter's item must exist already (an exam), else it is made by the first write. */
  mustExist?: boolean;
  type?: string;
}

/** Conflicting transactions on the same counter (two marks at once) are tried again; conditions decide the rest. */
const COUNTER_RETRY = { attempts: 4, baseMs: 25, shouldRetry: (error: unknown) => isTransactionCanceled(error) };

/**
 * One transaction: Put `item` unless it exists, and ADD 1 to the counter on the condition that it is
 * below its cap. `exists`: the item was there (nothing written); `full`: the cap (or, with
 * `mustExist`, a missing counter item) refused it.
 */
export async function putCounted(
  item: Record<string, unknown>,
  counter: CountedItem,
): Promise<'added' | 'exists' | 'full'> {
  return retry(async () => {
    try {
      await transactWrite([
        { Put: { TableName: config.appTable, Item: item, ConditionExpression: ITEM_ABSENT } },
        { Update: counterUpdate(counter, 1) },
      ]);
      return 'added';
    } catch (error) {
      if (conditionFailedAt(error, 0)) return 'exists';
      if (conditionFailedAt(error, 1)) return 'full';
      throw error;
    }
  }, COUNTER_RETRY);
}

/** One transaction: Delete the item if it exists, and the counter − 1; deleting what is gone already changes nothing. */
export async function deleteCounted(key: { pk: string; sk: string }, counter: CountedItem): Promise<void> {
  await retry(async () => {
    try {
      await transactWrite([
        { Delete: { TableName: config.appTable, Key: key, ConditionExpression: ITEM_EXISTS } },
        { Update: counterUpdate(counter, -1) },
      ]);
    } catch (error) {
      if (!conditionFailedAt(error, 0)) throw error;
    }
  }, COUNTER_RETRY);
}

/** ADD `delta` to the counter; an increment only below the cap (a counter never written counts as 0). */
function counterUpdate(counter: CountedItem, delta: 1 | -1) {
  const below = 'attribute_not_exists(#n) OR #n < :cap';
  return {
    TableName: config.appTable,
    Key: counter.key,
    UpdateExpression: counter.type ? 'SET #type = :type ADD #n :delta' : 'ADD #n :delta',
    ...(delta > 0 && { ConditionExpression: counter.mustExist ? `attribute_exists(pk) AND (${below})` : below }),
    ExpressionAttributeNames: { '#n': counter.attribute, ...(counter.type && { '#type': 'type' }) },
    ExpressionAttributeValues: {
      ':delta': delta,
      ...(delta > 0 && { ':cap': counter.cap }),
      ...(counter.type && { ':type': counter.type }),
    },
  };
}
