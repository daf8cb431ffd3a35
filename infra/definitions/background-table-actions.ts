import { TABLE_ACTIONS, type TableAction } from '#shared/table-actions.js';

/** Reads, writes, deletes and batch writes: what the mail and cleanup jobs' stores call. */
const READ_WRITE_DELETE: readonly TableAction[] = TABLE_ACTIONS.filter((action) => action !== 'ConditionCheckItem');

/**
 * The DynamoDB actions of each background function (jobs, workers, the mail feedback handler), by
 * its AppFunction name, as route groups declare theirs (`dynamo` in shared/route-groups/). The
 * infra test derives each set from the function's bundle and compares (lambda-bundle-contents.test.ts),
 * so a store call added to a job fails a test until it is declared here (D344).
 */
export const BACKGROUND_TABLE_ACTIONS: Readonly<Record<string, readonly TableAction[]>> = {
  'job-daily-quiz-email': READ_WRITE_DELETE,
  'daily-quiz-email-worker': READ_WRITE_DELETE,
  'job-retention-cleanup': READ_WRITE_DELETE,
  'retention-cleanup-worker': READ_WRITE_DELETE,
  'job-fsrs-fit': ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  'fsrs-fit-worker': ['GetItem', 'Query', 'UpdateItem'],
  'job-index-shards': ['Query', 'PutItem', 'UpdateItem'],
  'mail-feedback': ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
};
