import { TABLE_ACTIONS, type TableAction } from '#shared/table-actions.js';

/** SDK command classes of @aws-sdk/lib-dynamodb → the IAM action each one needs. */
const COMMANDS: Record<string, TableAction | 'Scan' | null> = {
  Get: 'GetItem',
  BatchGet: 'BatchGetItem',
  Query: 'Query',
  Scan: 'Scan',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchWrite: 'BatchWriteItem',
  // Authorised per item: the items' own keys below.
  TransactWrite: null,
  TransactGet: 'GetItem',
};
/** A TransactWriteItems item's key → the action that authorises it. */
const TRANSACTION_ITEMS: Record<string, TableAction> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/**
 * The DynamoDB actions a Lambda's code calls, read from its unminified bundle (index.mjs and every
 * chunk): esbuild heads each module's code with `// <path>`, and only our own modules
 * (functions/, shared/) are read, so the SDK's own serializers do not count. Tree shaking has
 * already dropped the stores the function never reaches (D344).
 */
export function tableActionsInBundle(code: string): string[] {
  const modules = code.split(/^\/\/ (?=\S+\.[cm]?[jt]s$)/m).filter((module) => /^(functions|shared)\//.test(module));
  const found = new Set<string>();
  for (const module of modules) {
    // A command class may carry a suffix where two modules' names met (esbuild `QueryCommand2`, rollup `$1`).
    for (const [, command] of module.matchAll(/new (\w+?)Command(?:\d+|\$\d+)?\b/g)) {
      const action = COMMANDS[command!];
      if (action) found.add(action);
    }
    for (const [, item] of module.matchAll(/\b(Put|Update|Delete|ConditionCheck):\s/g))
      found.add(TRANSACTION_ITEMS[item!]!);
  }
  const order: readonly string[] = [...TABLE_ACTIONS, 'Scan'];
  return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
