import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'owner' | 'other' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'admin'];
let clients: Record<Who, TestClient>;

beforeAll(async () => {
  clients = {
    anonymous: await anonymousClient(apiUrl),
    owner: (await fixtureUser(apiUrl)).client,
    other: (await fixtureUser(apiUrl)).client,
    admin: (await fixtureUser(apiUrl, { role: 'admin_role' })).client,
  };
});

function row(name: string, expected: Record<Who, number>, call: (client: TestClient) => Promise<Response>) {
  it(name, async () => {
    const seen: Record<string, number> = {};
    for (const who of WHO) seen[who] = (await call(clients[who])).status;
    expect(seen).toEqual(expected);
  });
}

// The routes take no user: every signed-in caller reads and fits their own weights only.
describe('authorization matrix: memory fit', () => {
  row('GET memory-fit', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) => c.get('/api/memory-fit/'));
  row('POST memory-fit', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) => c.post('/api/memory-fit/', {}));
  row('POST memory-fit again the same day', { anonymous: 401, owner: 429, other: 429, admin: 429 }, (c) =>
    c.post('/api/memory-fit/', {}),
  );
});
