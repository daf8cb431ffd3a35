import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../functions/runtime/http/app-error.js';
import { inspectZip, isOle, isZip } from '../../functions/runtime/spreadsheets/zip-guard.js';
import { writeWorkbook } from '../../functions/runtime/spreadsheets/sheet-writer.js';
import { readFirstSheet } from '../../functions/runtime/spreadsheets/sheets.js';
import type { UserRecord } from '../../functions/domains/users/user-store.js';
import { changesFor, locateColumns, parseRole, validateRows } from '../../functions/domains/accounts/users-sheet.js';
import { exportSheets, recordKind } from '../../functions/domains/accounts/data-export.js';
import { buildZip, readZip } from '../support/zip.js';

const MB = 1024 * 1024;

function refusal(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe('zip guard', () => {
  it('recognises zip and OLE magic bytes', () => {
    expect(isZip(Buffer.from('PK\x03\x04rest'))).toBe(true);
    expect(isZip(Buffer.from('PK\x05\x06'))).toBe(false);
    expect(isOle(Buffer.from('d0cf11e0a1b11ae100', 'hex'))).toBe(true);
    expect(isOle(Buffer.from('d0cf11e0', 'hex'))).toBe(false);
  });

  it('sums the declared sizes of a real xlsx', () => {
    const bytes = writeWorkbook([{ name: 's', rows: [['a', 'b']] }]);
    const verdict = inspectZip(bytes, 50 * MB);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.entries).toBeGreaterThan(3);
  });

  it('refuses too much declared data before inflating anything', () => {
    // The data is tiny; only the central directory claims 60 MB.
    const zip = buildZip([
      { name: 'a', data: Buffer.from('x'), compressed: deflateRawSync(Buffer.from('x')), declaredSize: 60 * MB },
    ]);
    expect(inspectZip(zip, 50 * MB)).toEqual({ ok: false, reason: 'too_large' });
    // Two entries each under the cap whose sizes sum past it (declared, so no 60 MB is built here).
    const tiny = { data: Buffer.from('x'), compressed: deflateRawSync(Buffer.from('x')), declaredSize: 30 * MB };
    expect(
      inspectZip(
        buildZip([
          { name: 'a', ...tiny },
          { name: 'b', ...tiny },
        ]),
        50 * MB,
      ),
    ).toEqual({ ok: false, reason: 'too_large' });
  });

  it('catches an entry that inflates past its declared size', () => {
    const zip = buildZip([
      { name: 'a', data: Buffer.alloc(10), compressed: deflateRawSync(Buffer.alloc(5 * MB)), declaredSize: 10 },
    ]);
    expect(inspectZip(zip, 50 * MB)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('refuses truncated streams, broken directories and encrypted entries', () => {
    const good = buildZip([{ name: 'a', data: Buffer.from('hello world') }]);
    const truncatedStream = buildZip([
      { name: 'a', data: Buffer.alloc(1000), compressed: deflateRawSync(Buffer.alloc(1000)).subarray(0, 4) },
    ]);
    expect(inspectZip(truncatedStream, 50 * MB)).toEqual({ ok: false, reason: 'malformed' });
    expect(inspectZip(good.subarray(0, good.length - 22), 50 * MB)).toEqual({ ok: false, reason: 'malformed' });
    const encrypted = Buffer.from(good);
    encrypted.writeUInt16LE(1, good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(inspectZip(encrypted, 50 * MB)).toEqual({ ok: false, reason: 'unsupported' });
    expect(inspectZip(Buffer.from('not a zip at all, no'), 50 * MB)).toEqual({ ok: false, reason: 'not_a_zip' });
  });
});

describe('reading an uploaded sheet', () => {
  const file = (content: Uint8Array, filename = 'users.xlsx') => ({ filename, content: Buffer.from(content) });

  it('returns the header and the non-blank rows with their sheet row numbers', () => {
    const bytes = writeWorkbook([{ name: 's', rows: [['name', 'username'], ['A', ' a1 '], [], ['B', 'b2']] }]);
    expect(readFirstSheet(file(bytes))).toEqual({
      header: ['name', 'username'],
      rows: [
        { rowNumber: 2, cells: ['A', 'a1'] },
        { rowNumber: 4, cells: ['B', 'b2'] },
      ],
    });
  });

  it('checks extension, size, magic bytes and uncompressed size before parsing', () => {
    const bytes = writeWorkbook([{ name: 's', rows: [['x']] }]);
    expect(refusal(() => readFirstSheet(file(bytes, 'users.csv')))).toBe('400 unsupported_file_type');
    expect(refusal(() => readFirstSheet(file(bytes, 'users.xls')))).toBe('400 unsupported_file_type');
    expect(refusal(() => readFirstSheet(file(Buffer.alloc(5 * MB + 1), 'users.xlsx')))).toBe('413 payload_too_large');
    expect(refusal(() => readFirstSheet({ ...file(bytes), truncated: true }))).toBe('413 payload_too_large');
    const padded = buildZip([...readZip(Buffer.from(bytes)), { name: 'pad', data: Buffer.alloc(51 * MB) }]);
    expect(refusal(() => readFirstSheet(file(padded)))).toBe('400 spreadsheet_too_large');
    expect(
      refusal(() => readFirstSheet(file(bytes), { maxFileBytes: 5 * MB, maxUncompressedBytes: 50 * MB, maxRows: 0 })),
    ).toBeNull();
  });

  it('counts rows against the cap', () => {
    const rows = [['h'], ...Array.from({ length: 11 }, (_, i) => [`r${i}`])];
    const bytes = writeWorkbook([{ name: 's', rows }]);
    expect(
      refusal(() => readFirstSheet(file(bytes), { maxFileBytes: MB, maxUncompressedBytes: MB, maxRows: 10 })),
    ).toBe('400 spreadsheet_too_many_rows');
    expect(
      refusal(() => readFirstSheet(file(bytes), { maxFileBytes: MB, maxUncompressedBytes: MB, maxRows: 11 })),
    ).toBeNull();
  });
});

describe('users sheet rules', () => {
  it('finds the columns by English or Korean header, and names a missing one', () => {
    expect(locateColumns(['Role', 'EMAIL', 'username', 'Name', 'date_joined'])).toEqual({
      name: 3,
      username: 2,
      email: 1,
      role: 0,
    });
    expect(locateColumns(['이름', '사용자명', '이메일', '역할'])).toEqual({ name: 0, username: 1, email: 2, role: 3 });
    try {
      locateColumns(['name', 'username', 'role']);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        status: 400,
        code: 'spreadsheet_missing_column',
        params: { column: 'email (이메일)' },
      });
    }
  });

  it('reads role codes and labels, refuses unknown roles', () => {
    expect(parseRole('admin_role')).toBe('admin_role');
    expect(parseRole('Study admin')).toBe('study_admin_role');
    expect(parseRole('관리자')).toBe('admin_role');
    expect(parseRole('')).toBe('');
    expect(parseRole('root')).toBeNull();
  });

  it('reports every occurrence of a duplicated username or email, and each bad cell', () => {
    const columns = { name: 0, username: 1, email: 2, role: 3 };
    const { valid, errors } = validateRows(
      [
        { rowNumber: 2, cells: ['A', 'alice', 'a@example.com', 'user_role'] },
        { rowNumber: 3, cells: ['B', 'ALICE', '', ''] },
        { rowNumber: 4, cells: ['C', 'carol', 'shared@example.com', ''] },
        { rowNumber: 5, cells: ['D', 'dave', 'Shared@example.com', ''] },
        { rowNumber: 6, cells: ['E', 'erin', 'nope', ''] },
        { rowNumber: 7, cells: ['F', 'frank', '', 'boss'] },
        { rowNumber: 8, cells: ['G', 'gina', '', 'x'.repeat(1001)] },
        { rowNumber: 9, cells: ['H', '', '', ''] },
        { rowNumber: 10, cells: ['I', 'ivan', 'ivan@example.com', '스터디 관리자'] },
      ],
      columns,
    );
    expect(valid).toEqual([
      { rowNumber: 10, username: 'ivan', name: 'I', email: 'ivan@example.com', role: 'study_admin_role' },
    ]);
    expect(errors.map((e) => [e.row, e.code]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [2, 'row_duplicate_username'],
      [3, 'row_duplicate_username'],
      [4, 'row_duplicate_email'],
      [5, 'row_duplicate_email'],
      [6, 'row_email_invalid'],
      [7, 'row_role_invalid'],
      [8, 'row_cell_too_long'],
      [9, 'row_username_required'],
    ]);
  });

  it('never changes the uploader’s own role; empty cells change nothing', () => {
    const user = {
      id: 'me',
      first_name: 'Kim',
      last_name: 'Lee',
      email: 'me@example.com',
      role: 'admin_role',
    } as UserRecord;
    expect(
      changesFor(user, { rowNumber: 2, username: 'me', name: 'Kim Lee', email: '', role: 'user_role' }, 'me'),
    ).toEqual({});
    expect(
      changesFor(
        user,
        { rowNumber: 2, username: 'me', name: 'Park', email: 'new@example.com', role: 'user_role' },
        'someone-else',
      ),
    ).toEqual({
      first_name: 'Park',
      last_name: '',
      email: 'new@example.com',
      role: 'user_role',
    });
  });
});

describe('data export sheets', () => {
  it('makes one sheet per record kind, profile first, never the password hash or keys', () => {
    const sheets = exportSheets([
      {
        pk: 'USER#1',
        sk: 'USER',
        gsi1pk: 'USERS',
        gsi1sk: 'kim',
        id: '1',
        username: 'kim',
        passwordHash: 'scrypt$secret',
      },
      { pk: 'USER#1', sk: 'STAT#q1', attempts: 2 },
      { pk: 'USER#1', sk: 'RESULT#a', score: 1, tags: new Set(['x']) },
      { pk: 'USER#1', sk: 'RESULT#b', score: 2, detail: { ok: true } },
    ]);
    expect(sheets.map((s) => s.name)).toEqual(['profile', 'result', 'stat']);
    expect(sheets[0]!.rows).toEqual([
      ['id', 'username'],
      ['1', 'kim'],
    ]);
    expect(sheets[1]!.rows).toEqual([
      ['score', 'tags', 'detail'],
      [1, '["x"]', ''],
      [2, '', '{"ok":true}'],
    ]);
    expect(JSON.stringify(sheets)).not.toContain('secret');
    expect(recordKind('FAV#q#1')).toBe('FAV');
  });

  it('leaves out the REVLEARN items and copies older grades left behind (D262)', () => {
    const sheets = exportSheets([
      { pk: 'USER#1', sk: 'REVLEARN#q1', question_id: 'q1', exam_id: 'e1', due: '2026-01-01T00:10:00Z' },
      { pk: 'USER#1', sk: 'REVGRADE#g1', rating: 3, learning_before: { sk: 'REVLEARN#q1' } },
      { pk: 'USER#1', sk: 'REVGRADE#g2', rating: 1, learning_before: null },
    ]);
    expect(sheets).toEqual([{ name: 'revgrade', rows: [['rating'], [3], [1]] }]);
  });
});
