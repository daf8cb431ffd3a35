import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { userPk } from './entities/index.js';

/** Every item a Query matches, page by page (1 MB each), as one stream. */
export async function* paginate(input: QueryCommandInput): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) yield item;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item of the user's own partition: the USER item and all personal records. */
export function userPartition(userId: string): AsyncGenerator<Record<string, unknown>> {
  return paginate({
    TableName: config.appTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': userPk(userId) },
  });
}
