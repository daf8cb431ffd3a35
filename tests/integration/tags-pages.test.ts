import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { nameKey } from '../../functions/runtime/data/key-parts.js';
import { TAG_LIST_SHARDS, tagEntity, tagUsageEntity } from '../../functions/domains/tags/entities/tag.js';
import { adjustUsage, createOrFindTag } from '../../functions/domains/tags/tag-store.js';
import { listTags } from '../../functions/domains/tags/tags.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { appItem, makeUser, uniqueName, useCloudEnv } from '../support/accounts.js';
import { anonymousClient } from '../support/fixture-users.js';

useCloudEnv();
const apiUrl = inject('apiUrl');
const ctx = { language: 'en' } as never;
type Page = { count: number; results: { id: string; name_en: string; usage_count: number }[]; next: string | null };

/**
 * The tag list a page at a time (D248): it used to read every shard whole per
 * request. Pages in Korean-name-key order over the shards with one cursor; `search` is a key prefix.
 * Usage counts come from the unindexed TAGUSE counters, on top of a count older code left (D249).
 */
describe('GET /api/tags/, page by page', () => {
  const calls = countDynamoCalls();

  it('pages a name prefix in order across the shards, each tag once, in a bounded number of requests', async () => {
    const creator = await makeUser();
    const stamp = uniqueName('tp');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createOrFindTag(`${stamp} 태그 ${String(i).padStart(2, '0')}`, `${stamp} tag ${i}`, creator.id),
      ),
    );
    const shards = new Set(created.map(({ tag }) => tagEntity.listIndex('', tag.id).gsi1pk));
    expect(shards.size).toBeGreaterThan(1);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      calls.reset();
      const page = (await listTags(
        { query: { page_size: 5, search: stamp, cursor }, params: {}, body: {} } as never,
        ctx,
      )) as Page;
      // Marker GetItem, ≤ 2 Query pages per stream (shards + legacy), the name-claim GetItem, the
      // exact match's BatchGetItem and one usage BatchGetItem: constant in the number of tags.
      expect(calls.count()).toBeLessThanOrEqual(1 + 2 * (TAG_LIST_SHARDS + 1) + 3);
      expect(page.results.length).toBeLessThanOrEqual(5);
      seen.push(...page.results.map((tag) => tag.id));
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    const expected = created
      .map(({ tag }) => tag)
      .sort((a, b) => (nameKey(a.name_ko) < nameKey(b.name_ko) ? -1 : 1))
      .map((tag) => tag.id);
    expect(seen).toEqual(expected);
  });

  it('finds a tag by its exact English name, and counts usage on the counter on top of a legacy count', async () => {
    const creator = await makeUser();
    const stamp = uniqueName('tu');
    const { tag } = await createOrFindTag(`${stamp} 한국어`, `${stamp} English`, creator.id);
    // A count older code kept on the TAG item is the base (no migration).
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: tagEntity.key(tag.id),
        UpdateExpression: 'SET usage_count = :n',
        ExpressionAttributeValues: { ':n': 3 },
      }),
    );
    const usageOf = async () => {
      const page = (await listTags(
        { query: { search: `${stamp} english` }, params: {}, body: {} } as never,
        ctx,
      )) as Page;
      return page.results.find((t) => t.id === tag.id)?.usage_count;
    };
    expect(await usageOf()).toBe(3);
    const before = await appItem(tagEntity.key(tag.id));
    await adjustUsage([tag.id], 1);
    await adjustUsage([tag.id], 1);
    await adjustUsage([tag.id], -1);
    expect(await usageOf()).toBe(4);
    // The indexed TAG item is not written by a usage change.
    expect(await appItem(tagEntity.key(tag.id))).toEqual(before);
    expect((await appItem(tagUsageEntity.key(tag.id)))!.usage_delta).toBe(1);
  });

  it('answers page_size tags with a cursor through the API, and refuses a forged cursor', async () => {
    const creator = await makeUser();
    const stamp = uniqueName('ta');
    for (let i = 0; i < 3; i++) await createOrFindTag(`${stamp} ${i}`, `${stamp} en ${i}`, creator.id);
    const client = await anonymousClient(apiUrl);
    const first = (await (await client.get(`/api/tags/?page_size=2&search=${stamp}`)).json()) as Page;
    expect(first.results).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const rest = (await (
      await client.get(`/api/tags/?page_size=2&search=${stamp}&cursor=${encodeURIComponent(first.next!)}`)
    ).json()) as Page;
    expect(rest.results).toHaveLength(1);
    expect(rest.next).toBeNull();
    expect((await client.get('/api/tags/?cursor=bm9wZQ')).status).toBe(400);
  });
});
