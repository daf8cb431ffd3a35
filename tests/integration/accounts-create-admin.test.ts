import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findUserByUsername } from '../../functions/domains/users/user-store.js';
import { clientFor, makeUser, sessionsOf, uniqueName, useCloudEnv } from '../support/accounts.js';
import { TestClient } from '../support/http-client.js';

/**
 * npm run create-admin against the test cloud's tables, the way it runs against a deployed
 * stack (APP_TABLE in the environment; the endpoint variables point the SDK at DynamoDB Local).
 */
const apiUrl = inject('apiUrl');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let env: Record<string, string>;

async function createAdmin(args: string[], extraEnv: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      join(root, 'node_modules/.bin/tsx'),
      ['scripts/create-admin.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, ...extraEnv },
        timeout: 60_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

beforeAll(() => {
  env = useCloudEnv();
});

describe('npm run create-admin', () => {
  it('creates an admin who can sign in', async () => {
    const username = uniqueName('root');
    const result = await createAdmin([username], {
      ADMIN_PASSWORD: 'admin-pass-123',
      ADMIN_EMAIL: `${username}@example.com`,
    });
    expect(result.output).toContain(`created admin ${username}`);
    expect(result.code).toBe(0);
    expect(await findUserByUsername(username)).toMatchObject({ role: 'admin_role', email: `${username}@example.com` });
    const client = await TestClient.create(apiUrl);
    const res = await client.post('/api/login/', { username, password: 'admin-pass-123' });
    expect(res.status).toBe(200);
    expect((await client.get('/api/users/')).status).toBe(200);
  }, 90_000);

  it('promotes an existing user, sets the password and ends their sessions', async () => {
    const user = await makeUser();
    const browser = await clientFor(apiUrl, user);
    const result = await createAdmin([], { ADMIN_USERNAME: user.username, ADMIN_PASSWORD: 'promoted-pass-1' });
    expect(result.output).toContain('already existed; promoted to admin_role');
    const after = await findUserByUsername(user.username);
    expect(after?.role).toBe('admin_role');
    expect(after?.passwordHash).not.toBe(user.passwordHash);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await (await browser.get('/api/auth/status/')).json()).toMatchObject({ authenticated: false });
  }, 90_000);

  it('refuses a short password and a missing username, writing nothing', async () => {
    const username = uniqueName('weak');
    const short = await createAdmin([username], { ADMIN_PASSWORD: 'short' });
    expect(short.code).not.toBe(0);
    expect(short.output).toContain('at least 8 characters');
    expect(await findUserByUsername(username)).toBeNull();
    const missing = await createAdmin([], { ADMIN_PASSWORD: 'long-enough-1', ADMIN_USERNAME: '' });
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain('usage');
  }, 90_000);
});
