import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPath, routeKey } from '#shared/contracts/define-route.js';
import { findGroup } from '#shared/routes-manifest.js';
import type { UserRecord } from '../../functions/domains/users/user-store.js';
import { writeWorkbook } from '../../functions/runtime/spreadsheets/sheet-writer.js';
import {
  clientFor,
  fileForm,
  FIXTURE_PASSWORD,
  fixtureHash,
  makeUser,
  uniqueName,
  useCloudEnv,
} from '../support/accounts.js';
import type { TestClient } from '../support/http-client.js';
import { writeExportJob } from '../support/export-jobs.js';

/**
 * Who may call what: every account route × five callers, each cell's status asserted.
 * Every row gets a fresh set of users (written directly, sessions too), so destructive rows
 * (withdrawal, delete, password change, logout) cannot disturb the others.
 */
const apiUrl = inject('apiUrl');

const PERSONAS = ['anonymous', 'other', 'studyAdmin', 'user', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];

interface World {
  user: UserRecord;
  other: UserRecord;
  studyAdmin: UserRecord;
  admin: UserRecord;
  victim: UserRecord;
  /** A finished export job of `user` (D195). */
  exportJob: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  multipart?: () => FormData;
  expect: Record<Persona, number>;
}

const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  other: status,
  studyAdmin: status,
  user: status,
  admin: status,
});
const signedIn = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  other: status,
  studyAdmin: status,
  user: status,
  admin: status,
});
const adminOnly = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  other: 403,
  studyAdmin: 403,
  user: 403,
  admin: status,
});

function usersSheet(): FormData {
  const bytes = writeWorkbook([
    {
      name: 'users',
      rows: [
        ['name', 'username', 'email', 'role'],
        ['Matrix', uniqueName('sheet'), '', 'user_role'],
      ],
    },
  ]);
  return fileForm(bytes, 'users.xlsx');
}

const ROWS: Row[] = [
  // Public routes: every caller gets past access control (the answer then depends on the input).
  {
    method: 'POST',
    path: '/api/register/',
    url: () => '/api/register/',
    body: (w) => ({ id: w.user.username, name: 'Taken', password: 'long-enough-1', language: 'en' }),
    expect: everyone(409),
  },
  {
    method: 'POST',
    path: '/api/login/',
    url: () => '/api/login/',
    body: (w) => ({ username: w.user.username, password: FIXTURE_PASSWORD }),
    expect: everyone(200),
  },
  { method: 'POST', path: '/api/logout/', url: () => '/api/logout/', body: () => ({}), expect: everyone(200) },
  { method: 'GET', path: '/api/auth/status/', url: () => '/api/auth/status/', expect: everyone(200) },
  {
    method: 'GET',
    path: '/api/verify-email/{token}/',
    url: () => `/api/verify-email/${randomBytes(32).toString('base64url')}/`,
    expect: everyone(400),
  },
  {
    method: 'GET',
    path: '/api/google-oauth/config/',
    url: () => '/api/google-oauth/config/?domain=localhost',
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/google-oauth/',
    url: () => '/api/google-oauth/',
    body: () => ({ id_token: 'not.a.token', language: 'en' }),
    expect: everyone(401),
  },
  // The daily mail's unsubscribe link is authorised by its signed token alone: a forged one is refused for everyone.
  {
    method: 'GET',
    path: '/api/daily-quiz-email/unsubscribe/',
    url: () => '/api/daily-quiz-email/unsubscribe/?token=forged.token.value',
    expect: everyone(400),
  },
  {
    method: 'POST',
    path: '/api/daily-quiz-email/unsubscribe/',
    url: () => '/api/daily-quiz-email/unsubscribe/?token=forged.token.value',
    expect: everyone(400),
  },
  // Signed-in routes about oneself.
  { method: 'GET', path: '/api/user-profile/', url: () => '/api/user-profile/', expect: signedIn(200) },
  { method: 'GET', path: '/api/user-profile/get/', url: () => '/api/user-profile/get/', expect: signedIn(200) },
  {
    method: 'PATCH',
    path: '/api/user-profile/update/',
    url: () => '/api/user-profile/update/',
    body: () => ({ first_name: 'Renamed', random_exam_question_count: 7 }),
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    path: '/api/user-profile/',
    url: () => '/api/user-profile/',
    body: () => ({ retention_cleanup_enabled: true, retention_cleanup_percentage: 25 }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/change-language/',
    url: () => '/api/change-language/',
    body: () => ({ language: 'en' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/send-email-verification/',
    url: () => '/api/send-email-verification/',
    body: () => ({}),
    expect: signedIn(200),
  },
  { method: 'POST', path: '/api/export-user-data/', url: () => '/api/export-user-data/', expect: signedIn(202) },
  // The job is `user`'s: everyone else, admins included, is told it does not exist.
  {
    method: 'GET',
    path: '/api/exports/{id}/',
    url: (w) => `/api/exports/${w.exportJob}/`,
    expect: { anonymous: 401, other: 404, studyAdmin: 404, user: 200, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/exports/{id}/download/',
    url: (w) => `/api/exports/${w.exportJob}/download/`,
    expect: { anonymous: 401, other: 404, studyAdmin: 404, user: 302, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/search-users/',
    url: (w) => `/api/search-users/?q=${w.user.username.slice(0, 4)}`,
    expect: signedIn(200),
  },
  { method: 'DELETE', path: '/api/delete-my-account/', url: () => '/api/delete-my-account/', expect: signedIn(200) },
  // The user's password: the user (with the current one) and admins; nobody else.
  {
    method: 'POST',
    path: '/api/user/{id}/change-password/',
    url: (w) => `/api/user/${w.user.id}/change-password/`,
    body: () => ({
      current_password: FIXTURE_PASSWORD,
      new_password: 'new-password-123',
      password: 'admin-set-pass-1',
    }),
    expect: { anonymous: 401, other: 403, studyAdmin: 403, user: 200, admin: 200 },
  },
  // User administration: site admins only (a study admin is not one).
  { method: 'GET', path: '/api/users/', url: () => '/api/users/', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/users/create/',
    url: () => '/api/users/create/',
    body: () => ({ username: uniqueName('created'), password: 'password-123', role: 'user_role' }),
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/users/{id}/',
    url: (w) => `/api/users/${w.user.id}/`,
    body: () => ({ first_name: 'Edited', role: 'study_admin_role' }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/delete/',
    url: (w) => `/api/users/${w.victim.id}/delete/`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/users/download-excel/',
    url: () => '/api/users/download-excel/',
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/users/download-excel/',
    url: () => '/api/users/download-excel/',
    expect: adminOnly(202),
  },
  {
    method: 'POST',
    path: '/api/users/upload-excel/',
    url: () => '/api/users/upload-excel/',
    multipart: usersSheet,
    expect: adminOnly(200),
  },
];

async function newWorld(): Promise<World> {
  const [user, other, studyAdmin, admin, victim] = await Promise.all([
    makeUser({ username: uniqueName('mx_user') }),
    makeUser({ username: uniqueName('mx_other') }),
    makeUser({ username: uniqueName('mx_study'), role: 'study_admin_role' }),
    makeUser({ username: uniqueName('mx_admin'), role: 'admin_role' }),
    makeUser({ username: uniqueName('mx_victim') }),
  ]);
  return { user, other, studyAdmin, admin, victim, exportJob: await writeExportJob(user.id) };
}

async function call(client: TestClient, row: Row, world: World): Promise<Response> {
  const url = row.url(world);
  if (row.multipart) return client.request(row.method, url, { body: row.multipart() });
  if (row.body) return client.request(row.method, url, { json: row.body(world) });
  return client.request(row.method, url);
}

describe('authorization matrix of the account routes', () => {
  beforeAll(async () => {
    useCloudEnv();
    await fixtureHash();
  });

  it('covers every route of the auth, profile and users groups', () => {
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.path}`));
    const declared = ['auth', 'profile', 'profile-export', 'users', 'users-sheets'].flatMap((g) =>
      findGroup(g).routes.map((r) => `${r.method} ${r.path}`),
    );
    expect([...covered].sort()).toEqual([...declared].sort());
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.path}`, async () => {
      const world = await newWorld();
      const actual = {} as Record<Persona, number>;
      const codes: string[] = [];
      for (const persona of PERSONAS) {
        const client = await clientFor(apiUrl, persona === 'anonymous' ? null : world[persona]);
        const res = await call(client, row, world);
        actual[persona] = res.status;
        if (res.status === 401 || res.status === 403) {
          const body = (await res.json()) as { code: string };
          codes.push(`${persona}:${body.code}`);
        } else {
          await res.arrayBuffer();
        }
      }
      expect(actual).toEqual(row.expect);
      // Refusals by access level carry the stable codes.
      for (const entry of codes) {
        const [persona, code] = entry.split(':') as [Persona, string];
        if (row.expect[persona] === 401 && persona === 'anonymous' && row.expect.user !== 401)
          expect(code).toBe('authentication_required');
        if (row.expect[persona] === 403) expect(code).toBe('forbidden');
      }
    });
  }

  it('counts is_staff and is_superuser as site admins', async () => {
    for (const flags of [{ is_staff: true }, { is_superuser: true }]) {
      const client = await clientFor(apiUrl, await makeUser(flags));
      expect((await client.get('/api/users/')).status).toBe(200);
    }
  });
});

describe('CSRF on every mutating account route', () => {
  it('refuses each without the X-CSRFToken header, before anything else happens', async () => {
    useCloudEnv();
    const admin = await makeUser({ role: 'admin_role' });
    const client = await clientFor(apiUrl, admin);
    // The one-click unsubscribe is CSRF-exempt by design (RFC 8058: the mail client posts without a session).
    const mutating = ['auth', 'profile', 'profile-export', 'users', 'users-sheets']
      .flatMap((g) => findGroup(g).routes)
      .filter((r) => r.method !== 'GET' && !r.csrfExempt);
    expect(mutating.length).toBeGreaterThanOrEqual(14);
    for (const route of mutating) {
      const url = buildPath(route.path, { id: admin.id, token: 'x' });
      const res = await client.request(route.method, url, { json: {}, csrf: false });
      expect(res.status, routeKey(route)).toBe(403);
      expect(((await res.json()) as { code: string }).code, routeKey(route)).toBe('csrf_failed');
    }
    // Nothing happened: the admin still exists and is still signed in.
    expect(((await (await client.get('/api/auth/status/')).json()) as { authenticated: boolean }).authenticated).toBe(
      true,
    );
  });
});
