import { normalizeLogin } from '#shared/domain/accounts.js';
import { legacyIndexInUse, migrateLegacyPartitions } from '../../runtime/data/index-migration.js';
import { readMergedStreams, type Stream } from '../../runtime/data/merged-streams.js';
import { paginate, type PagedQuery } from '../../runtime/data/paginate.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import { userEntity, type UserRecord } from './entities/user.js';

/**
 * The user list by username: the `USERS#<0..3>` gsi1 shards (D189) read in parallel and merged
 * by username, plus the legacy `USERS` partition until the index-shards job says it is empty (D190).
 * A page costs one marker GetItem (until the migration is seen done) and at most two Query pages
 * per stream, whatever the number of users.
 */
async function userListStreams(prefix: string): Promise<Stream[]> {
  const legacy = await legacyIndexInUse('users-shards');
  const key = prefix ? { sortKeyPrefix: prefix } : {};
  return [
    ...userEntity.listPartitions().map((pk) => ({ index: 'gsi1' as const, pk, ...key })),
    { index: 'gsi1' as const, pk: userEntity.legacyListPartition, ...key, skip: !legacy },
  ];
}

/** Every partition a walk of all users must read (jobs and the sheet, never a page answer). */
function allUserPartitions(): string[] {
  return [...userEntity.listPartitions(), userEntity.legacyListPartition];
}

/**
 * One page of users by username (the admin list) with one cursor over the shards; `search` keeps
 * usernames starting with it.
 */
export async function listUsersPage(page: {
  cursor?: string;
  pageSize: number;
  search?: string;
}): Promise<{ users: UserRecord[]; next: string | null }> {
  const prefix = page.search ? normalizeLogin(page.search) : '';
  const { items, next } = await readMergedStreams(await userListStreams(prefix), {
    cursor: page.cursor,
    pageSize: page.pageSize,
    ascending: true,
    maxPagesPerStream: 2,
  });
  return { users: items.map(userEntity.parse), next };
}

/** Users whose username starts with `prefix` (case-insensitive), at most `limit`, in username order. */
export async function searchUsersByPrefix(prefix: string, limit: number): Promise<UserRecord[]> {
  const { items } = await readMergedStreams(await userListStreams(normalizeLogin(prefix)), {
    pageSize: limit,
    ascending: true,
    maxPagesPerStream: 1,
  });
  return items.map(userEntity.parse);
}

/** Every user, ordered by username (the users sheet download). */
export async function listAllUsers(): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  for (const pk of allUserPartitions()) {
    for await (const item of paginate(partitionQuery(pk))) users.push(userEntity.parse(item));
  }
  const key = (user: UserRecord) => normalizeLogin(user.username);
  return users.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function partitionQuery(pk: string): PagedQuery {
  return {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  };
}

/**
 * Ids of users whose FSRS fit is older than `notBefore` (or who never had one), shard by shard
 * and by username within one, the fit job's walk of the user list (projected, filtered server-side).
 */
export async function* usersDueForFit(notBefore: string): AsyncGenerator<string> {
  for (const pk of allUserPartitions()) {
    for await (const item of paginate({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'attribute_not_exists(fsrs_fitted_at) OR fsrs_fitted_at < :nb',
      ProjectionExpression: 'id',
      ExpressionAttributeValues: { ':pk': pk, ':nb': notBefore },
    })) {
      if (typeof item.id === 'string') yield item.id;
    }
  }
}

/** Where the fit job's walk of the user list stands: a partition of {@link allUserPartitions} and a start key in it. */
export interface FitWalkCursor {
  partition: number;
  startKey?: Record<string, unknown>;
}

/**
 * One page of the fit job's walk (docs/decisions/jobs.md D334): from `from` (the top when absent),
 * up to `want` ids of due users that `accept` keeps, reading at most `maxPages` Query pages.
 * `next` is where the following page starts, just after the last id taken; null at the end of
 * the list (the next run starts from the top again), so every user is reached in turn.
 */
export async function dueForFitPage(
  notBefore: string,
  from: FitWalkCursor | undefined,
  want: number,
  options: { accept?: (userId: string) => boolean; maxPages?: number; pageSize?: number } = {},
): Promise<{ userIds: string[]; next: FitWalkCursor | null }> {
  const partitions = allUserPartitions();
  const userIds: string[] = [];
  let partition = from?.partition ?? 0;
  let startKey = from?.startKey;
  for (let pages = 0; partition < partitions.length;) {
    if (want <= 0 || pages >= (options.maxPages ?? 20)) return { userIds, next: { partition, startKey } };
    const page = await db().send(
      new QueryCommand({
        TableName: config.appTable,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_not_exists(fsrs_fitted_at) OR fsrs_fitted_at < :nb',
        ProjectionExpression: 'id, pk, sk, gsi1pk, gsi1sk',
        ExpressionAttributeValues: { ':pk': partitions[partition], ':nb': notBefore },
        Limit: options.pageSize ?? 500,
        ExclusiveStartKey: startKey,
      }),
    );
    pages++;
    for (const item of page.Items ?? []) {
      if (typeof item.id !== 'string' || (options.accept && !options.accept(item.id))) continue;
      userIds.push(item.id);
      if (userIds.length >= want) {
        const { pk, sk, gsi1pk, gsi1sk } = item;
        return { userIds, next: { partition, startKey: { pk, sk, gsi1pk, gsi1sk } } };
      }
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) partition++;
  }
  return { userIds, next: null };
}

/** The index-shards job's part for users: the legacy `USERS` partition to the shards (D190). */
export function migrateUserListShards(deadline: number): Promise<{ moved: number; done: boolean }> {
  return migrateLegacyPartitions(
    'users-shards',
    [
      {
        index: 'gsi1',
        pk: userEntity.legacyListPartition,
        rekey: (item) => userEntity.listIndex(String(item.id), String(item.username)),
      },
    ],
    deadline,
  );
}
