import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import {
  forgetIndexMigrations,
  legacyIndexInUse,
  migrationMarkerEntity,
} from '../../functions/runtime/data/index-migration.js';
import { USER_LIST_SHARDS, userEntity } from '../../functions/domains/users/entities/user.js';
import { listUsersPage, migrateUserListShards, searchUsersByPrefix } from '../../functions/domains/users/index.js';
import { fileEntity } from '../../functions/domains/files/entities/file.js';
import { findFilesByName, migrateFileListShards } from '../../functions/domains/files/file-store.js';
import { TAG_LIST_SHARDS, tagEntity } from '../../functions/domains/tags/entities/tag.js';
import { createOrFindTag, listAllTags, migrateTagListShards } from '../../functions/domains/tags/tag-store.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { appItem, makeUser, uniqueName, useCloudEnv } from '../support/accounts.js';

useCloudEnv();

/**
 * The user and file lists over their index shards (D189, D191) and the migration of items written
 * with the old single-partition keys (D190), and the tag list's shards (D192): lists stay complete and in order before, during and
 * after the index-shards job, in a constant number of requests a page.
 */
async function allUserPages(prefix: string, pageSize: number, calls: ReturnType<typeof countDynamoCalls>) {
  const names: string[] = [];
  const perPage: number[] = [];
  let cursor: string | undefined;
  do {
    calls.reset();
    const page = await listUsersPage({ cursor, pageSize, search: prefix });
    perPage.push(calls.count());
    names.push(...page.users.map((user) => user.username));
    cursor = page.next ?? undefined;
  } while (cursor && perPage.length < 50);
  return { names, perPage };
}

/** Rewrites an item's index key to what the code before the shards wrote. */
async function toLegacyKey(key: { pk: string; sk: string }, index: 'gsi1' | 'gsi2', legacyPk: string) {
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: process.env.APP_TABLE!,
      Key: key,
      UpdateExpression: 'SET #pk = :pk',
      ExpressionAttributeNames: { '#pk': `${index}pk` },
      ExpressionAttributeValues: { ':pk': legacyPk },
    }),
  );
}

async function forgetMarker(name: 'users-shards' | 'files-shards' | 'tags-shards') {
  await dynamoDocument().send(
    new DeleteCommand({ TableName: process.env.APP_TABLE!, Key: migrationMarkerEntity.key(name) }),
  );
  forgetIndexMigrations();
}

describe('sharded user list', () => {
  const calls = countDynamoCalls();

  it('spreads users over the shards and pages them back in username order, each once, requests per page constant', async () => {
    const prefix = uniqueName('shd');
    const small = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser({ username: `${prefix}a${i}` })));
    const large = await Promise.all(Array.from({ length: 60 }, (_, i) => makeUser({ username: `${prefix}b${i}` })));
    const shards = new Set(
      await Promise.all(large.map(async (user) => (await appItem(userEntity.key(user.id)))!.gsi1pk)),
    );
    expect(shards.size).toBe(USER_LIST_SHARDS);

    const few = await allUserPages(`${prefix}a`, 5, calls);
    expect(few.names).toEqual(small.map((u) => u.username).sort());
    const many = await allUserPages(`${prefix}b`, 5, calls);
    expect(many.names).toEqual(large.map((u) => u.username).sort());
    // 10× the users: the same bound per page (the marker, then the shards and the legacy partition).
    const bound = 1 + 2 * (USER_LIST_SHARDS + 1);
    expect(Math.max(...few.perPage, ...many.perPage)).toBeLessThanOrEqual(bound);
    expect(Math.max(...many.perPage)).toBeLessThanOrEqual(Math.max(...few.perPage));

    const found = await searchUsersByPrefix(`${prefix}B`, 7);
    expect(found.map((u) => u.username)).toEqual(
      large
        .map((u) => u.username)
        .sort()
        .slice(0, 7),
    );
  });

  it('lists users still carrying the legacy USERS key, moves them idempotently, then stops reading the legacy partition', async () => {
    const prefix = uniqueName('mig');
    const users = await Promise.all(Array.from({ length: 9 }, (_, i) => makeUser({ username: `${prefix}${i}` })));
    const legacy = users.filter((_, i) => i % 2 === 0);
    for (const user of legacy) await toLegacyKey(userEntity.key(user.id), 'gsi1', userEntity.legacyListPartition);
    await forgetMarker('users-shards');
    expect(await legacyIndexInUse('users-shards')).toBe(true);

    const expected = users.map((u) => u.username).sort();
    expect((await allUserPages(prefix, 4, calls)).names).toEqual(expected);

    // A run out of time leaves the marker unset and moves nothing it cannot finish.
    expect(await migrateUserListShards(Date.now() - 1)).toEqual({ moved: 0, done: false });
    const first = await migrateUserListShards(Infinity);
    expect(first.done).toBe(true);
    expect(first.moved).toBeGreaterThanOrEqual(legacy.length);
    for (const user of legacy) {
      expect(String((await appItem(userEntity.key(user.id)))!.gsi1pk)).toBe(userEntity.listIndex(user.id, '').gsi1pk);
    }
    expect(await appItem(migrationMarkerEntity.key('users-shards'))).toBeDefined();
    expect(await migrateUserListShards(Infinity)).toEqual({ moved: 0, done: true });

    forgetIndexMigrations();
    const after = await allUserPages(prefix, 4, calls);
    expect(after.names).toEqual(expected);
    // Once the marker is seen: the legacy stream is skipped and the marker is not read again.
    expect(Math.max(...after.perPage.slice(1))).toBeLessThanOrEqual(2 * USER_LIST_SHARDS);
  });
});

describe('sharded file lists', () => {
  it('finds files by name across the shards and the legacy partition, and migrates the legacy keys', async () => {
    const owner = await makeUser();
    const nameKey = `shard-file-${Date.now()}.csv`;
    const ids = Array.from({ length: 6 }, (_, i) => `${owner.id}-sf${i}`);
    for (const id of ids) {
      const file = {
        id,
        name: nameKey,
        name_key: nameKey,
        owner_id: owner.id,
        owner_username: owner.username,
        size: 10,
        modified: 1_700_000_000,
        max_questions: 0,
        is_public: true,
        s3_key: `questions/${owner.id}/${id}`,
        language: 'ko' as const,
        created_at: new Date().toISOString(),
        difficulties: 'M',
      };
      await dynamoDocument().send(
        new PutCommand({
          TableName: process.env.APP_TABLE!,
          Item: fileEntity.item(file),
        }),
      );
    }
    const legacy = ids.slice(0, 3);
    for (const id of legacy) await toLegacyKey(fileEntity.key(id), 'gsi2', fileEntity.legacyVisibilityPartition(true));
    await forgetMarker('files-shards');

    expect((await findFilesByName(true, nameKey)).map((f) => f.id)).toEqual([...ids].sort());
    const run = await migrateFileListShards(Infinity);
    expect(run.done).toBe(true);
    expect(run.moved).toBeGreaterThanOrEqual(legacy.length);
    for (const id of legacy) {
      expect((await appItem(fileEntity.key(id)))!.gsi2pk).toBe(fileEntity.visibilityIndex(true, nameKey, id).gsi2pk);
    }
    forgetIndexMigrations();
    expect((await findFilesByName(true, nameKey)).map((f) => f.id)).toEqual([...ids].sort());
  });
});

describe('sharded tag list', () => {
  const calls = countDynamoCalls();

  it('lists tags from the shards and the legacy partition, and migrates the legacy keys', async () => {
    const creator = await makeUser();
    const stamp = uniqueName('tg');
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createOrFindTag(`${stamp} 태그 ${i}`, `${stamp} tag ${i}`, creator.id)),
    );
    const ids = created.map(({ tag }) => tag.id);
    expect(new Set(await Promise.all(ids.map(async (id) => (await appItem(tagEntity.key(id)))!.gsi1pk)))).not.toContain(
      tagEntity.legacyListPartition,
    );
    const legacy = ids.slice(0, 4);
    for (const id of legacy) await toLegacyKey(tagEntity.key(id), 'gsi1', tagEntity.legacyListPartition);
    await forgetMarker('tags-shards');

    const listed = async () => new Set((await listAllTags()).map((tag) => tag.id));
    calls.reset();
    const before = await listed();
    expect(ids.every((id) => before.has(id))).toBe(true);
    // The marker, then ≤ 5 pages of each shard and of the legacy partition (no cursor yet, D192).
    expect(calls.count()).toBeLessThanOrEqual(1 + 5 * (TAG_LIST_SHARDS + 1));
    const run = await migrateTagListShards(Infinity);
    expect(run.done).toBe(true);
    expect(run.moved).toBeGreaterThanOrEqual(legacy.length);
    for (const id of legacy) {
      const item = (await appItem(tagEntity.key(id)))!;
      expect(item.gsi1pk).toBe(tagEntity.listIndex('', id).gsi1pk);
      expect(String(item.gsi1sk).endsWith(`#${id}`)).toBe(true);
    }
    forgetIndexMigrations();
    await listed();
    calls.reset();
    const after = await listed();
    expect(calls.count()).toBeLessThanOrEqual(5 * TAG_LIST_SHARDS);
    expect(ids.every((id) => after.has(id))).toBe(true);
  });
});
