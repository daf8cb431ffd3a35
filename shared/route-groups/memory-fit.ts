import * as memoryFit from '../contracts/memory-fit.js';
import type { RouteGroup } from '../route-group.js';

/**
 * Per-learner FSRS fitting: a Lambda of its own because it carries the fsrs-rs
 * optimizer's native binary (infra/bundling.ts) and needs the memory to fit a year's log.
 */
export const memoryFitGroup: RouteGroup = {
  name: 'memory-fit',
  handler: 'functions/groups/memory-fit.ts',
  memoryMb: 1024,
  timeoutSeconds: 29,
  routes: [memoryFit.getMemoryFit, memoryFit.fitMemory],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
