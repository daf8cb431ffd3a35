import { describe, expect, inject, it } from 'vitest';
import { listUsers } from '../../functions/domains/accounts/user-admin.js';
import { USER_LIST_SHARDS } from '../../functions/domains/users/entities/user.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * The admin users list a page at a time: it used to read the whole `USERS`
 * partition per request. Pages by username with a cursor; `search` keeps a username prefix.
 */
describe('GET /api/users/, page by page', () => {
  const calls = countDynamoCalls();

  it('pages a username prefix in order, each user once, in a bounded number of requests a page', async () => {
    // Created as an admin does (fixture users are written without the USERS index entry).
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const prefix = `pg${Date.now().toString(36)}`;
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const username = `${prefix}_${String(i).padStart(2, '0')}`;
      const res = await admin.client.post('/api/users/create/', { username, password: 'initial-pass-1' });
      expect(res.status, await res.clone().text()).toBe(201);
      names.push(username);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      calls.reset();
      const answer = await listUsers({
        query: { page_size: 5, search: prefix, cursor },
        params: {},
        body: {},
      } as never);
      // Two Query pages at most per stream (the shards and the legacy partition, D189/D190) and the marker GetItem.
      expect(calls.count()).toBeLessThanOrEqual(1 + 2 * (USER_LIST_SHARDS + 1));
      expect(answer.results.length).toBeLessThanOrEqual(5);
      seen.push(...answer.results.map((user) => user.username));
      cursor = answer.next ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...names].sort());
  });

  it('answers a first page of page_size users with a cursor, through the API, admins only', async () => {
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    for (let i = 0; i < 4; i++) {
      const username = `pa${Date.now().toString(36)}_${i}`;
      expect((await admin.client.post('/api/users/create/', { username, password: 'initial-pass-1' })).status).toBe(
        201,
      );
    }
    const res = await admin.client.get('/api/users/?page_size=3');
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { results: { username: string }[]; next: string | null };
    expect(answer.results).toHaveLength(3);
    expect(answer.next).toEqual(expect.any(String));
    const following = (await (
      await admin.client.get(`/api/users/?page_size=3&cursor=${encodeURIComponent(answer.next!)}`)
    ).json()) as { results: { username: string }[] };
    expect(following.results[0]!.username > answer.results[2]!.username).toBe(true);
    const forged = await admin.client.get('/api/users/?cursor=bm9wZQ');
    expect(forged.status).toBe(400);
    const learner = await fixtureUser(apiUrl);
    expect((await learner.client.get('/api/users/')).status).toBe(403);
  });
});
