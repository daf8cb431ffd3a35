import { isValidEmail, isValidUsername, NAME_MAX, normalizeLogin } from '#shared/domain/accounts.js';
import type { Language } from '#shared/domain/language.js';
import { ROLES, type Role } from '#shared/domain/roles.js';
import { DOMAIN_LABELS } from '#shared/i18n/domain-labels.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { accountMessage } from './messages.js';
import {
  unusablePasswordHash,
  getUsers,
  listAllUsers,
  listUsersPage,
  insertUser,
  StaleUser,
  UniqueConflict,
  updateUser,
  userIdsByEmail,
  userIdsByUsername,
  type UserChanges,
  type UserRecord,
  displayName,
} from '../users/index.js';
import { badRequest } from '../../runtime/http/app-error.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { fileReply } from '../../runtime/http/file-reply.js';
import { XLSX_CONTENT_TYPE, type Reply } from '../../runtime/http/reply.js';

/**
 * SheetJS, read when a users sheet is read or written: this module sits behind the accounts domain's
 * sheets.ts, which the data export's Lambda imports too, and that Lambda must not load SheetJS at init (D499).
 */
const sheetReader = () => import('../../runtime/spreadsheets/sheets.js');
const sheetWriter = () => import('../../runtime/spreadsheets/sheet-writer.js');

export const MAX_CELL_LENGTH = 1000;
/** Writes in flight at once: 5,000 rows finish well inside the API's 30 s. */
const WRITE_CONCURRENCY = 16;

/** Column → accepted headers (English and Korean, case-insensitive). All four are required. */
export const COLUMNS = {
  name: ['name', '이름'],
  username: ['username', '사용자명'],
  email: ['email', '이메일'],
  role: ['role', '역할'],
} as const;
export type Column = keyof typeof COLUMNS;

export interface SheetRow {
  rowNumber: number;
  username: string;
  /** '' means "leave as is" for an existing user, "none" or the default for a new one. */
  name: string;
  email: string;
  role: Role | '';
}

export interface RowError {
  row: number;
  username: string;
  code: string;
  params?: Record<string, string | number>;
}

/** Column positions from the header row, or 400 spreadsheet_missing_column naming the first missing one. */
export function locateColumns(header: string[]): Record<Column, number> {
  const normalized = header.map((h) => h.trim().toLowerCase());
  const found = {} as Record<Column, number>;
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const index = normalized.findIndex((h) => names.includes(h));
    if (index < 0) throw badRequest('spreadsheet_missing_column', { column: `${names[0]} (${names[1]})` });
    found[column] = index;
  }
  return found;
}

/** Role cell → role: the code itself, or its Korean or English label. */
export function parseRole(value: string): Role | '' | null {
  const v = value.trim().toLowerCase();
  if (!v) return '';
  for (const role of ROLES) {
    if (
      v === role ||
      v === DOMAIN_LABELS.ko.roles![role]!.toLowerCase() ||
      v === DOMAIN_LABELS.en.roles![role]!.toLowerCase()
    ) {
      return role;
    }
  }
  return null;
}

/**
 * Row-level checks that need no database: username present and well-formed, role known, email
 * well-formed, no cell over 1,000 characters, and no username or email twice in the file (every
 * occurrence is refused: which one was meant is anyone's guess).
 */
export function validateRows(
  rows: { rowNumber: number; cells: string[] }[],
  columns: Record<Column, number>,
): { valid: SheetRow[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const candidates: SheetRow[] = [];
  for (const { rowNumber, cells } of rows) {
    const get = (c: Column) => cells[columns[c]] ?? '';
    const username = get('username');
    const fail = (code: string, params?: Record<string, string | number>) =>
      errors.push({ row: rowNumber, username, code, params });
    if (cells.some((c) => c.length > MAX_CELL_LENGTH)) {
      fail('row_cell_too_long', { max: MAX_CELL_LENGTH });
      continue;
    }
    if (!username) {
      fail('row_username_required');
      continue;
    }
    if (!isValidUsername(username)) {
      fail('row_username_invalid');
      continue;
    }
    const role = parseRole(get('role'));
    if (role === null) {
      fail('row_role_invalid', { role: get('role') });
      continue;
    }
    const email = get('email');
    if (email && !isValidEmail(email)) {
      fail('row_email_invalid');
      continue;
    }
    const name = get('name');
    if (name.length > NAME_MAX) {
      fail('row_name_too_long', { max: NAME_MAX });
      continue;
    }
    candidates.push({ rowNumber, username, name, email, role });
  }
  const count = (values: string[]) => values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>());
  const usernames = count(candidates.map((r) => normalizeLogin(r.username)));
  const emails = count(candidates.filter((r) => r.email).map((r) => normalizeLogin(r.email)));
  const valid: SheetRow[] = [];
  for (const row of candidates) {
    if (usernames.get(normalizeLogin(row.username))! > 1)
      errors.push({ row: row.rowNumber, username: row.username, code: 'row_duplicate_username' });
    else if (row.email && emails.get(normalizeLogin(row.email))! > 1)
      errors.push({ row: row.rowNumber, username: row.username, code: 'row_duplicate_email' });
    else valid.push(row);
  }
  return { valid, errors };
}

/** What a row changes on an existing user; the uploader's own role is never touched. */
export function changesFor(user: UserRecord, row: SheetRow, uploaderId: string): UserChanges {
  const changes: UserChanges = {};
  if (row.name && row.name !== displayName(user)) {
    changes.first_name = row.name;
    changes.last_name = '';
  }
  if (row.email && row.email !== user.email) changes.email = row.email;
  if (row.role && row.role !== user.role && user.id !== uploaderId) changes.role = row.role;
  return changes;
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * POST /api/users/upload-excel/ — the file is checked and parsed (see readFirstSheet), rows
 * validated; then valid rows are upserted (each row is one transaction: a bad row writes
 * nothing) and bad rows reported by their sheet row number. New users get an unusable
 * password: an admin sets one before they can sign in.
 */
export async function uploadUsersSheet(body: Record<string, unknown>, ctx: SignedInContext) {
  const { readFirstSheet, uploadedFile } = await sheetReader();
  const file = uploadedFile(body);
  const { header, rows } = readFirstSheet(file);
  const columns = locateColumns(header);
  const { valid, errors } = validateRows(rows, columns);
  const uploaderId = ctx.caller.user.id;

  const existingIds = await userIdsByUsername(valid.map((r) => r.username));
  const existing = await getUsers([...existingIds.values()]);
  const emailOwners = await userIdsByEmail(valid.map((r) => r.email));

  let created = 0;
  let updated = 0;
  const writable: SheetRow[] = [];
  for (const row of valid) {
    const userId = existingIds.get(normalizeLogin(row.username));
    const owner = row.email ? emailOwners.get(normalizeLogin(row.email)) : undefined;
    if (owner && owner !== userId) errors.push({ row: row.rowNumber, username: row.username, code: 'row_email_taken' });
    else writable.push(row);
  }

  await inPool(writable, WRITE_CONCURRENCY, async (row) => {
    const userId = existingIds.get(normalizeLogin(row.username));
    const user = userId ? existing.get(userId) : undefined;
    try {
      if (user) {
        const changes = changesFor(user, row, uploaderId);
        if (Object.keys(changes).length > 0) await updateUser(user, changes);
        updated++;
      } else {
        await insertUser({
          username: row.username,
          passwordHash: unusablePasswordHash(),
          first_name: row.name,
          email: row.email,
          role: row.role || 'user_role',
          language: ctx.language,
          auth_provider: 'sheet',
        });
        created++;
      }
    } catch (error) {
      if (error instanceof UniqueConflict) {
        errors.push({
          row: row.rowNumber,
          username: row.username,
          code: error.field === 'email' ? 'row_email_taken' : 'row_write_failed',
        });
      } else if (error instanceof StaleUser) {
        errors.push({ row: row.rowNumber, username: row.username, code: 'row_write_failed' });
      } else {
        throw error;
      }
    }
  });

  errors.sort((a, b) => a.row - b.row);
  const stats = {
    total_rows: rows.length,
    created,
    updated,
    errors: errors.length,
    error_details: errors.map((e) => ({ row: e.row, username: e.username, error: rowErrorText(e, ctx.language) })),
  };
  ctx.log.info('users sheet uploaded', { total: stats.total_rows, created, updated, errors: stats.errors });
  return {
    message: accountMessage('users_uploaded', ctx.language, {
      total: stats.total_rows,
      created,
      updated,
      errors: stats.errors,
    }),
    stats,
  };
}

function rowErrorText(error: RowError, language: Language): string {
  return errorMessage(error.code, language, error.params);
}

/** GET /api/users/download-excel/ — the same columns the upload reads. */
const SHEET_HEADER = ['name', 'username', 'email', 'role', 'date_joined'];
const sheetRow = (u: UserRecord) => [displayName(u), u.username, u.email, u.role, u.date_joined];

/** GET /api/users/download-excel/: inline, for small sites (the whole `USERS` partition in one request). */
export async function downloadUsersSheet(): Promise<Reply> {
  const rows = [SHEET_HEADER, ...(await listAllUsers()).map(sheetRow)];
  const { writeWorkbook } = await sheetWriter();
  return fileReply(writeWorkbook([{ name: 'users', rows }]), USERS_SHEET_FILE, XLSX_CONTENT_TYPE);
}

export const USERS_SHEET_FILE = 'users.xlsx';
/** Users read per Query page of the background build: its memory holds one page of records at a time. */
const SHEET_PAGE_SIZE = 500;

/**
 * The users sheet, built in a background invocation (D196): `USERS` read page by page with a cursor,
 * each page reduced to its five cells at once. SheetJS writes a workbook whole, so the rows
 * themselves stay in memory (about 150 bytes a user: ~150 MB at a million, in a 1 GB function).
 */
export async function buildUsersSheet(): Promise<Uint8Array> {
  const rows: unknown[][] = [SHEET_HEADER];
  let cursor: string | undefined;
  do {
    const page = await listUsersPage({ cursor, pageSize: SHEET_PAGE_SIZE });
    for (const user of page.users) rows.push(sheetRow(user));
    cursor = page.next ?? undefined;
  } while (cursor);
  const { writeWorkbook } = await sheetWriter();
  return writeWorkbook([{ name: 'users', rows }]);
}
