import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { findUserByUsername, getUser, type UserRecord } from '../../functions/domains/users/user-store.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { usernameClaimEntity, emailClaimEntity } from '../../functions/domains/users/entities/account-claims.js';
import { writeWorkbook } from '../../functions/runtime/spreadsheets/sheet-writer.js';
import {
  appItem,
  clientFor,
  fileForm,
  fixtureHash,
  json,
  makeUser,
  partitionItems,
  sessionsOf,
  uniqueName,
  useCloudEnv,
} from '../support/accounts.js';
import type { TestClient } from '../support/http-client.js';
import { buildZip, readZip } from '../support/zip.js';

const apiUrl = inject('apiUrl');

let admin: UserRecord;
let adminClient: TestClient;

beforeAll(async () => {
  useCloudEnv();
  await fixtureHash();
  admin = await makeUser({ role: 'admin_role', first_name: 'Admin', language: 'en' });
  adminClient = await clientFor(apiUrl, admin, 'en');
});

interface Stats {
  total_rows: number;
  created: number;
  updated: number;
  errors: number;
  error_details: { row: number; username: string; error: string }[];
}

function sheet(rows: unknown[][]): Uint8Array {
  return writeWorkbook([{ name: 'users', rows }]);
}

async function upload(bytes: Uint8Array, filename = 'users.xlsx'): Promise<Response> {
  return adminClient.request('POST', '/api/users/upload-excel/', { body: fileForm(bytes, filename) });
}

async function expectRefusal(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = errorAnswer().parse(await res.json());
  expect(body.code).toBe(code);
  return body.detail;
}

describe('user administration', () => {
  it('creates users (named conflicts for admins), lists them without secrets', async () => {
    const username = uniqueName('made');
    const res = await adminClient.post('/api/users/create/', {
      username,
      password: 'initial-pass-1',
      first_name: 'Made',
      email: `${username}@example.com`,
      role: 'study_admin_role',
      language: 'en',
    });
    expect(res.status).toBe(201);
    const { user } = await json<{ user: { id: string; role: string; has_study_admin_role: boolean } }>(res);
    expect(user).toMatchObject({ role: 'study_admin_role', has_study_admin_role: true });

    await expectRefusal(
      await adminClient.post('/api/users/create/', { username: username.toUpperCase(), password: 'initial-pass-1' }),
      409,
      'username_taken',
    );
    await expectRefusal(
      await adminClient.post('/api/users/create/', {
        username: uniqueName('m'),
        password: 'initial-pass-1',
        email: `${username}@EXAMPLE.com`,
      }),
      409,
      'email_taken',
    );
    await expectRefusal(
      await adminClient.post('/api/users/create/', { username: uniqueName('m'), password: 'short1' }),
      400,
      'password_too_short',
    );
    await expectRefusal(
      await adminClient.post('/api/users/create/', {
        username: uniqueName('m'),
        password: 'initial-pass-1',
        role: 'god_role',
      }),
      400,
      'validation_failed',
    );

    const listRes = await adminClient.get(`/api/users/?search=${encodeURIComponent(username)}`);
    const text = await listRes.text();
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('scrypt$');
    const list = (JSON.parse(text) as { results: { id: string; username: string }[] }).results;
    expect(list.find((u) => u.id === user.id)?.username).toBe(username);
  });

  it('edits users; nobody changes their own role, admins included', async () => {
    const target = await makeUser();
    const taken = await makeUser();
    const res = await adminClient.put(`/api/users/${target.id}/`, {
      first_name: 'Promoted',
      role: 'admin_role',
      email: `${uniqueName('e')}@example.com`,
    });
    expect(res.status).toBe(200);
    expect((await json<{ user: Record<string, unknown> }>(res)).user).toMatchObject({
      first_name: 'Promoted',
      role: 'admin_role',
      email_verified: false,
    });
    expect(await appItem(emailClaimEntity.key(target.email))).toBeUndefined();

    await expectRefusal(await adminClient.put(`/api/users/${target.id}/`, { email: taken.email }), 409, 'email_taken');
    await expectRefusal(
      await adminClient.put(`/api/users/${admin.id}/`, { role: 'user_role' }),
      403,
      'cannot_change_own_role',
    );
    expect((await getUser(admin.id))?.role).toBe('admin_role');
    // The same role (the admin screen sends the whole row) is not a change.
    expect((await adminClient.put(`/api/users/${admin.id}/`, { first_name: 'Admin', role: 'admin_role' })).status).toBe(
      200,
    );
    // The promoted user cannot demote or re-role themselves either.
    const promoted = await clientFor(apiUrl, (await getUser(target.id))!, 'en');
    await expectRefusal(
      await promoted.put(`/api/users/${target.id}/`, { role: 'study_admin_role' }),
      403,
      'cannot_change_own_role',
    );
    await expectRefusal(
      await adminClient.put(`/api/users/00000000-0000-4000-8000-000000000000/`, { first_name: 'X' }),
      404,
      'user_not_found',
    );
  });

  it('deletes a user completely, but not oneself', async () => {
    const target = await makeUser();
    await dynamoDocument().send(
      new PutCommand({ TableName: process.env.APP_TABLE!, Item: { pk: userPk(target.id), sk: 'RESULT#1', score: 1 } }),
    );
    const targetClient = await clientFor(apiUrl, target);
    expect((await adminClient.delete(`/api/users/${target.id}/delete/`)).status).toBe(200);
    expect(await partitionItems(target.id)).toEqual([]);
    expect(await appItem(usernameClaimEntity.key(target.username))).toBeUndefined();
    expect(await appItem(emailClaimEntity.key(target.email))).toBeUndefined();
    expect(await sessionsOf(target.id)).toEqual([]);
    expect(await json(await targetClient.get('/api/auth/status/'))).toMatchObject({ authenticated: false });
    await expectRefusal(await adminClient.delete(`/api/users/${target.id}/delete/`), 404, 'user_not_found');
    await expectRefusal(await adminClient.delete(`/api/users/${admin.id}/delete/`), 403, 'cannot_delete_self');
  });
});

describe('users sheet download', () => {
  it('answers users.xlsx with name, username, email, role, date_joined', async () => {
    const user = await makeUser({ first_name: '홍', last_name: '길동', role: 'study_admin_role' });
    const res = await adminClient.get('/api/users/download-excel/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="users.xlsx"');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['name', 'username', 'email', 'role', 'date_joined']);
    expect(rows).toContainEqual(['홍 길동', user.username, user.email, 'study_admin_role', user.date_joined]);
  });
});

describe('users sheet upload', () => {
  it('creates and updates valid rows, never the uploader’s own role', async () => {
    const existing = await makeUser({ first_name: 'Old', role: 'user_role' });
    const fresh = uniqueName('new');
    const newEmail = `${uniqueName('moved')}@example.com`;
    const res = await upload(
      sheet([
        ['name', 'username', 'email', 'role'],
        ['New Person', fresh, `${fresh}@example.com`, 'study_admin_role'],
        ['Renamed', existing.username.toUpperCase(), newEmail, 'admin_role'],
        ['Admin Self', admin.username, '', 'user_role'],
      ]),
    );
    expect(res.status).toBe(200);
    const { message, stats } = await json<{ message: string; stats: Stats }>(res);
    expect(stats).toEqual({ total_rows: 3, created: 1, updated: 2, errors: 0, error_details: [] });
    expect(message).toContain('1 created');

    const created = await findUserByUsername(fresh);
    expect(created).toMatchObject({
      first_name: 'New Person',
      email: `${fresh}@example.com`,
      role: 'study_admin_role',
      auth_provider: 'sheet',
    });
    // No usable password until an admin sets one.
    expect(created!.passwordHash.startsWith('scrypt$')).toBe(false);
    expect(await getUser(existing.id)).toMatchObject({
      first_name: 'Renamed',
      email: newEmail,
      role: 'admin_role',
      email_verified: false,
    });
    expect(await appItem(emailClaimEntity.key(newEmail))).toMatchObject({ userId: existing.id });
    const self = await getUser(admin.id);
    expect(self).toMatchObject({ role: 'admin_role', first_name: 'Admin Self' });
  });

  it('reads Korean headers and role labels', async () => {
    const fresh = uniqueName('kor');
    const res = await upload(
      sheet([
        ['이름', '사용자명', '이메일', '역할'],
        ['김하나', fresh, '', '스터디 관리자'],
      ]),
    );
    expect((await json<{ stats: Stats }>(res)).stats).toMatchObject({ created: 1, errors: 0 });
    expect(await findUserByUsername(fresh)).toMatchObject({ first_name: '김하나', role: 'study_admin_role' });
  });

  it('reports bad rows by sheet row number and writes nothing of them', async () => {
    const owner = await makeUser();
    const good = uniqueName('good');
    const names = {
      badRole: uniqueName('role'),
      dupe: uniqueName('dupe'),
      badEmail: uniqueName('mail'),
      long: uniqueName('long'),
      taken: uniqueName('taken'),
    };
    const res = await upload(
      sheet([
        ['name', 'username', 'email', 'role'],
        ['Good', good, '', 'user_role'], // row 2
        ['Bad role', names.badRole, '', 'superuser'], // row 3
        ['Dupe 1', names.dupe, '', 'user_role'], // row 4
        ['', '', 'nobody@example.com', 'user_role'], // row 5: no username
        ['Dupe 2', names.dupe.toUpperCase(), '', 'user_role'], // row 6
        ['Bad email', names.badEmail, 'not-an-email', 'user_role'], // row 7
        ['x'.repeat(1001), names.long, '', 'user_role'], // row 8
        ['Taken', names.taken, owner.email, 'user_role'], // row 9
        ['Bad name', 'has space', '', 'user_role'], // row 10
      ]),
    );
    expect(res.status).toBe(200);
    const { stats } = await json<{ stats: Stats }>(res);
    expect(stats).toMatchObject({ total_rows: 9, created: 1, updated: 0, errors: 8 });
    expect(stats.error_details.map((e) => e.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(stats.error_details[0]!.error).toMatch(/Unknown role: superuser/);
    expect(stats.error_details[1]!.error).toMatch(/more than once/);
    expect(stats.error_details[6]!.error).toMatch(/already has this email/);
    expect(await findUserByUsername(good)).not.toBeNull();
    for (const name of Object.values(names)) expect(await appItem(usernameClaimEntity.key(name)), name).toBeUndefined();
    expect(await appItem(emailClaimEntity.key('nobody@example.com'))).toBeUndefined();
  });

  it('refuses a sheet without a required column, naming it, and writes nothing', async () => {
    const fresh = uniqueName('nocol');
    const detail = await expectRefusal(
      await upload(
        sheet([
          ['name', 'username', 'role'],
          ['No Email Column', fresh, 'user_role'],
        ]),
      ),
      400,
      'spreadsheet_missing_column',
    );
    expect(detail).toContain('email');
    expect(await appItem(usernameClaimEntity.key(fresh))).toBeUndefined();
  });

  it('refuses wrong types, junk and oversized files with clear errors', async () => {
    const csv = Buffer.from('name,username,email,role\nA,b,,user_role\n');
    await expectRefusal(await upload(csv, 'users.csv'), 400, 'unsupported_file_type');
    // Extension and content must agree: a zip named .xls, junk named .xlsx.
    await expectRefusal(
      await upload(sheet([['name', 'username', 'email', 'role']]), 'users.xls'),
      400,
      'unsupported_file_type',
    );
    await expectRefusal(await upload(randomBytes(64 * 1024), 'users.xlsx'), 400, 'unsupported_file_type');
    // Zip magic, garbage after it.
    await expectRefusal(
      await upload(Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(4096)]), 'users.xlsx'),
      400,
      'spreadsheet_unreadable',
    );
    // OLE magic, garbage after it.
    await expectRefusal(
      await upload(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(4096)]), 'users.xls'),
      400,
      'spreadsheet_unreadable',
    );
    // Just over the 4 MB an upload through API Gateway and Lambda can carry (base64 in the event);
    // a body much larger would not reach the function at all: Lambda's 6 MB event (D145).
    const detail = await expectRefusal(
      await upload(randomBytes(4 * 1024 * 1024 + 1), 'users.xlsx'),
      413,
      'payload_too_large',
    );
    expect(detail).toContain('4 MB');
    // No file at all.
    const empty = new FormData();
    empty.append('note', 'no file here');
    await expectRefusal(
      await adminClient.request('POST', '/api/users/upload-excel/', { body: empty }),
      400,
      'file_required',
    );
  });

  it('refuses more than 5,000 rows', async () => {
    const prefix = uniqueName('many');
    const rows: unknown[][] = [['name', 'username', 'email', 'role']];
    for (let i = 0; i < 5001; i++) rows.push(['', `${prefix}_${i}`, '', 'user_role']);
    await expectRefusal(await upload(sheet(rows)), 400, 'spreadsheet_too_many_rows');
    expect(await appItem(usernameClaimEntity.key(`${prefix}_0`))).toBeUndefined();
  });

  describe('zip bombs', () => {
    function realSheet(username: string): Buffer {
      return Buffer.from(
        sheet([
          ['name', 'username', 'email', 'role'],
          ['Bomb', username, '', 'user_role'],
        ]),
      );
    }

    it('refuses an xlsx whose parts really inflate past 50 MB (counted from the central directory)', async () => {
      const username = uniqueName('bomb');
      const entries = readZip(realSheet(username));
      entries.push({ name: 'xl/media/padding.bin', data: Buffer.alloc(60 * 1024 * 1024) });
      const bomb = buildZip(entries);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const detail = await expectRefusal(await upload(bomb), 400, 'spreadsheet_too_large');
      expect(detail).toContain('50 MB');
      expect(await appItem(usernameClaimEntity.key(username))).toBeUndefined();
    });

    it('refuses a central directory that declares a huge size', async () => {
      const username = uniqueName('huge');
      const entries = readZip(realSheet(username)).map((e) =>
        e.name.includes('sheet1') ? { ...e, declaredSize: 0xfffffff0 } : e,
      );
      await expectRefusal(await upload(buildZip(entries)), 400, 'spreadsheet_too_large');
      expect(await appItem(usernameClaimEntity.key(username))).toBeUndefined();
    });

    it('refuses a part that inflates to more than its central directory admits', async () => {
      const username = uniqueName('liar');
      const { deflateRawSync } = await import('node:zlib');
      const entries = readZip(realSheet(username)).map((e) => {
        if (!e.name.includes('sheet1')) return e;
        const padded = Buffer.concat([e.data, Buffer.alloc(60 * 1024 * 1024, 0x20)]);
        return { ...e, compressed: deflateRawSync(padded), declaredSize: e.data.length };
      });
      await expectRefusal(await upload(buildZip(entries)), 400, 'spreadsheet_too_large');
      expect(await appItem(usernameClaimEntity.key(username))).toBeUndefined();
    });
  });
});
