/**
 * The DynamoDB tables as plain data. The CDK stack builds them from this, and the local cloud
 * creates the same tables in DynamoDB Local, so both always agree.
 * docs/architecture.md lists every item type and access pattern.
 */
export interface TableDefinition {
  /** Logical id, also the suffix of the physical name. */
  id: 'app' | 'ephemeral';
  /** The environment variable functions read the table name from. */
  envVar: 'APP_TABLE' | 'EPHEMERAL_TABLE';
  partitionKey: 'pk';
  sortKey: 'sk';
  globalIndexes: { name: string; partitionKey: string; sortKey: string }[];
  ttlAttribute?: string;
}

export const TABLES: TableDefinition[] = [
  {
    // Long-lived domain data: users, exams, questions, results, statistics, studies, tags, files.
    id: 'app',
    envVar: 'APP_TABLE',
    partitionKey: 'pk',
    sortKey: 'sk',
    globalIndexes: [
      { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
      { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    ],
    ttlAttribute: 'expiresAt',
  },
  {
    // Short-lived records with TTL: sessions, login throttle counters, one-time tokens.
    id: 'ephemeral',
    envVar: 'EPHEMERAL_TABLE',
    partitionKey: 'pk',
    sortKey: 'sk',
    globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    ttlAttribute: 'expiresAt',
  },
];

export function tableName(prefix: string, table: TableDefinition): string {
  return `${prefix}-${table.id}`;
}
