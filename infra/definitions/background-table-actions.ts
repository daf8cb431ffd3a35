import type { TableAction } from '#shared/table-actions.js';

/**
 * The DynamoDB actions of each background function (jobs, workers, the mail feedback handler), by
 * its AppFunction name, as route groups declare theirs (`dynamo` in shared/route-groups/). The
 * infra test derives each set from the function's bundle and compares (lambda-bundle-contents.test.ts),
 * so a store call added to a job fails a test until it is declared here (D344).
 */
export const BACKGROUND_TABLE_ACTIONS: Readonly<Record<string, readonly TableAction[]>> = {
  'job-daily-quiz-email': ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  'daily-quiz-email-worker': [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
  ],
  'job-retention-cleanup': [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
  ],
  'job-fsrs-fit': ['GetItem', 'Query', 'UpdateItem'],
  'job-index-shards': ['Query', 'PutItem', 'UpdateItem'],
  'mail-feedback': ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
};
