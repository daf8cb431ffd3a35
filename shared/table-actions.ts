/**
 * The DynamoDB actions a function may be granted, by their IAM names (`dynamodb:<name>`). Scan
 * and DescribeTable are not among them: no function scans or describes a table (D344).
 * TransactWriteItems is authorised per item (Put, Update, Delete, ConditionCheck), BatchWriteItem
 * by its own action.
 */
export const TABLE_ACTIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'ConditionCheckItem',
] as const;

export type TableAction = (typeof TABLE_ACTIONS)[number];

/** What a read-only table access allows of the declared actions. */
export const READ_ACTIONS: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'];
