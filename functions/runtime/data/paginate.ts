import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { userPk } from './key-parts.js';

type Item = Record<string, unknown>;
type StartKey = Record<string, unknown>;

/** A Query of the app table unless another table is named; the start key is the pager's. */
export type PagedQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> & { TableName?: string };

export interface QueryPage {
  items: Item[];
  /** Where the next page starts; absent on the last page. */
  lastKey?: StartKey;
}

/**
 * The one paging loop: a Query's pages (≤ 1 MB, or `Limit` items, each), one request per page,
 * read only as the caller asks for the next, so `break` ends the requests too. `input` may be a
 * function, read before every request (a `Limit` that shrinks with what is still wanted).
 * Stops after `maxPages` pages when given: the bound that keeps a read at a constant number of
 * requests whatever the data size.
 */
export async function* queryPages(
  input: PagedQuery | (() => PagedQuery),
  options: { maxPages?: number; startKey?: StartKey } = {},
): AsyncGenerator<QueryPage> {
  let startKey = options.startKey;
  let pages = 0;
  do {
    const query = typeof input === 'function' ? input() : input;
    const page = await dynamoDocument().send(
      new QueryCommand({ TableName: config.appTable, ...query, ExclusiveStartKey: startKey }),
    );
    pages++;
    startKey = page.LastEvaluatedKey;
    yield { items: (page.Items ?? []) as Item[], lastKey: startKey };
  } while (startKey && pages < (options.maxPages ?? Infinity));
}

/** Every item a Query matches, page by page, as one stream. */
export async function* paginate(input: PagedQuery, options: { maxPages?: number } = {}): AsyncGenerator<Item> {
  for await (const page of queryPages(input, options)) yield* page.items;
}

/** Every item of a Query in one array (for writes proportional to what they change, never for user reads). */
export async function queryAll(input: PagedQuery, options: { maxPages?: number } = {}): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of paginate(input, options)) items.push(item);
  return items;
}

/**
 * Reads pages of a Query until `want` items are collected or `maxPages` pages were read; `lastKey`
 * is where a next call would go on.
 */
export async function queryBounded(
  input: PagedQuery,
  options: { want: number; maxPages: number; startKey?: StartKey },
): Promise<{ items: Item[]; lastKey?: StartKey; pages: number }> {
  const items: Item[] = [];
  let lastKey = options.startKey;
  let pages = 0;
  for await (const page of queryPages(input, options)) {
    items.push(...page.items);
    lastKey = page.lastKey;
    pages++;
    if (items.length >= options.want) break;
  }
  return { items, lastKey, pages };
}

/** Every item of the user's own partition: the USER item and all personal records. */
export function userPartition(userId: string): AsyncGenerator<Item> {
  return paginate({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': userPk(userId) },
  });
}
