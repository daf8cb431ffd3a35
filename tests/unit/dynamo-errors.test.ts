import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  cancellationReasons,
  conditionFailedAt,
  isConditionFailed,
  isTransactionCanceled,
} from '../../functions/runtime/data/dynamo-errors.js';

const metadata = { $metadata: {} };

describe('dynamo-errors', () => {
  it('tells the SDK exceptions apart by class, not by a look-alike name', () => {
    const failed = new ConditionalCheckFailedException({ message: 'no', ...metadata });
    const canceled = new TransactionCanceledException({
      message: 'no',
      ...metadata,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    const lookalike = Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' });
    expect(isConditionFailed(failed)).toBe(true);
    expect(isConditionFailed(lookalike)).toBe(false);
    expect(isTransactionCanceled(canceled)).toBe(true);
    expect(isTransactionCanceled(failed)).toBe(false);
  });

  it('reads the cancellation reasons per item', () => {
    const canceled = new TransactionCanceledException({
      message: 'no',
      ...metadata,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, {}],
    });
    expect(cancellationReasons(canceled)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(conditionFailedAt(canceled, 1)).toBe(true);
    expect(conditionFailedAt(canceled, 0)).toBe(false);
    expect(cancellationReasons(new Error('other'))).toEqual([]);
  });
});
