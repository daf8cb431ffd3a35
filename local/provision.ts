import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableName } from '../infra/definitions/tables.js';
import { FILES_BUCKET } from '../infra/definitions/buckets.js';

/** Creates the tables of infra/definitions in DynamoDB Local when they are missing. */
export async function provisionTables(endpoint: string, prefix: string): Promise<Record<string, string>> {
  const client = new DynamoDBClient({ endpoint });
  const env: Record<string, string> = {};
  for (const table of TABLES) {
    const name = tableName(prefix, table);
    env[table.envVar] = name;
    try {
      await client.send(new DescribeTableCommand({ TableName: name }));
      continue;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const attributes = new Set([
      table.partitionKey,
      table.sortKey,
      ...table.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ]);
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: table.globalIndexes.map((g) => ({
          IndexName: g.name,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    if (table.ttlAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
        }),
      );
    }
  }
  client.destroy();
  return env;
}

/** The CORS rule of infra/definitions as the XML s3rver reads, allowing the app origin. */
export function filesBucketCorsXml(origin: string): string {
  const c = FILES_BUCKET.cors;
  return [
    '<CORSConfiguration><CORSRule>',
    `<AllowedOrigin>${origin}</AllowedOrigin>`,
    ...c.allowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    ...c.allowedHeaders.map((h) => `<AllowedHeader>${h}</AllowedHeader>`),
    ...c.exposedHeaders.map((h) => `<ExposeHeader>${h}</ExposeHeader>`),
    `<MaxAgeSeconds>${c.maxAgeSeconds}</MaxAgeSeconds>`,
    '</CORSRule></CORSConfiguration>',
  ].join('');
}
