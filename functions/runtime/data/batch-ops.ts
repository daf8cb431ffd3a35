import { BatchGetCommand, BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { retry } from '../retry.js';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** A batch call left items unprocessed (DynamoDB throttling): retried with backoff. */
class Unprocessed extends Error {}
/** Up to 9 calls per chunk, waiting up to 50 ms, 100 ms, … 1 s between them. */
const UNPROCESSED_RETRY = {
  attempts: 9,
  baseMs: 50,
  maxMs: 1000,
  shouldRetry: (error: unknown) => error instanceof Unprocessed,
};

/**
 * Writes in BatchWriteItem calls of 25, `concurrency` at a time; unprocessed items are retried
 * with backoff. One request per 25 items when DynamoDB is not throttling. The app table unless
 * another is named.
 */
export async function batchWriteAll(
  requests: WriteRequest[],
  { concurrency = 8, table = config.appTable }: { concurrency?: number; table?: string } = {},
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending = chunks[next++]!;
      await retry(async () => {
        const answer = await dynamoDocument().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (answer.UnprocessedItems?.[table] ?? []) as WriteRequest[];
        if (pending.length > 0) throw new Unprocessed('BatchWriteItem kept leaving items unprocessed');
      }, UNPROCESSED_RETRY);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
}

export const putRequest = (item: Item): WriteRequest => ({ PutRequest: { Item: item } });
export const deleteRequest = (key: Key): WriteRequest => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } });

/** BatchGetItem in calls of 100 (fewer when the items are large); the answer keeps no order. */
export async function batchGetAll(
  keys: Key[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Item[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    await retry(async () => {
      const answer = await dynamoDocument().send(
        new BatchGetCommand({
          RequestItems: {
            [config.appTable]: {
              Keys: pending,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
              ...(options.consistent ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      found.push(...((answer.Responses?.[config.appTable] ?? []) as Item[]));
      pending = (answer.UnprocessedKeys?.[config.appTable]?.Keys ?? []) as Key[];
      if (pending.length > 0) throw new Unprocessed('BatchGetItem kept leaving keys unprocessed');
    }, UNPROCESSED_RETRY);
  }
  return found;
}

/**
 * Which of `ids` have an item (a flag such as a subscription or an ignored question): one
 * BatchGetItem per 100 ids, reading only `idField`, the item's own copy of its id.
 */
export async function idsWithItems<T>(
  ids: string[],
  keyOf: (id: string) => Key,
  idField: string,
  idOf: (item: Item) => T,
): Promise<Set<T>> {
  if (ids.length === 0) return new Set();
  const found = await batchGetAll(ids.map(keyOf), { projection: idField });
  return new Set(found.map(idOf));
}

/** Whether the item at `key` exists, reading only `idField`. */
export async function itemExists(key: Key, idField: string): Promise<boolean> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.appTable, Key: key, ProjectionExpression: idField }),
  );
  return !!Item;
}
