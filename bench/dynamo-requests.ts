import { dynamoDocument } from '../functions/runtime/aws/clients.js';

/** Counts DynamoDB requests made through the shared document client of this process. */
export function countDynamoRequests() {
  const seen: string[] = [];
  dynamoDocument().middlewareStack.add(
    (next, context) => async (args) => {
      seen.push(String((context as { commandName?: string }).commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name: `bench-counter-${Math.random()}` },
  );
  return {
    count: () => seen.length,
    writes: () => seen.filter((c) => /^(BatchWrite|Put|Update|Delete|TransactWrite)/.test(c)).length,
    reset: () => void seen.splice(0),
  };
}
