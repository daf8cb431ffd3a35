import { randomUUID } from 'node:crypto';
import { paginate } from '../data/paginate.js';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../../shared/domain/language.js';
import { LIMITS } from '../../../shared/domain/limits.js';
import type { Role } from '../../../shared/domain/roles.js';
import { normalizeLogin } from '../../../shared/domain/accounts.js';
import { dynamoDocument } from '../aws/clients.js';
import { config } from '../config.js';
import { keys } from '../data/keys.js';
import { scheduledUserKeys, wantsScheduling } from '../data/scheduled-keys.js';

/**
 * The USER item (app table, pk `USER#<id>`, sk `USER`). Every other personal record of the user
 * lives in the same partition, so withdrawal and export are one paginated Query.
 *
 * Uniqueness: `USERNAME#<lower>` and `EMAIL#<lower>` items ({userId}) are written in the same
 * transaction as the user, each with attribute_not_exists, so two registrations can never share
 * a username or an email whatever the timing.
 *
 * Listing: gsi1pk `USERS`, gsi1sk `<username lower>` puts every user in one GSI partition. That
 * partition is a hot spot by design: it serves the admin list and the username-prefix search,
 * both rare and admin-or-signed-in only, and GSI writes happen only when a user item changes
 * (never on sign-in: sessions live in the ephemeral table). One partition takes ~1,000 writes/s
 * and 3,000 reads/s, far beyond this product's account changes. Should that ever bind, shard
 * the key (`USERS#<0..n>`) and merge the shards' pages.
 */
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  affiliation: string;
  location: string;
  role: Role;
  is_superuser: boolean;
  is_staff: boolean;
  email_verified: boolean;
  language: Language;
  /** ISO 8601. */
  date_joined: string;
  passwordHash: string;
  auth_provider: 'password' | 'google' | 'sheet' | 'admin';
  random_exam_email_enabled: boolean;
  random_exam_question_count: number;
  retention_cleanup_enabled: boolean;
  retention_cleanup_percentage: number;
}

/** Raised when a username or email is already taken (or was taken by a concurrent writer). */
export class UniqueConflict extends Error {
  constructor(readonly field: 'username' | 'email' | 'user') {
    super(`${field} already taken`);
    this.name = 'UniqueConflict';
  }
}

/** The USER item is gone or changed under us (deleted meanwhile, email changed meanwhile). */
export class StaleUser extends Error {
  constructor() {
    super('user changed or was deleted meanwhile');
    this.name = 'StaleUser';
  }
}

const USERS_PARTITION = 'USERS';

function db() {
  return dynamoDocument();
}

function listKeys(username: string) {
  return { gsi1pk: USERS_PARTITION, gsi1sk: normalizeLogin(username) };
}

export type NewUser = Pick<UserRecord, 'username' | 'passwordHash'> &
  Partial<Omit<UserRecord, 'username' | 'passwordHash' | 'id' | 'date_joined'>>;

export function buildUserRecord(input: NewUser): UserRecord {
  return {
    id: randomUUID(),
    username: input.username.trim(),
    email: input.email?.trim() ?? '',
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    affiliation: input.affiliation ?? '',
    location: input.location ?? '',
    role: input.role ?? 'user_role',
    is_superuser: input.is_superuser ?? false,
    is_staff: input.is_staff ?? false,
    email_verified: input.email_verified ?? false,
    language: input.language ?? 'ko',
    date_joined: new Date().toISOString(),
    passwordHash: input.passwordHash,
    auth_provider: input.auth_provider ?? 'password',
    random_exam_email_enabled: input.random_exam_email_enabled ?? false,
    random_exam_question_count: input.random_exam_question_count ?? LIMITS.profileQuestionCount.default,
    retention_cleanup_enabled: input.retention_cleanup_enabled ?? false,
    retention_cleanup_percentage: input.retention_cleanup_percentage ?? LIMITS.retentionPercentage.default,
  };
}

/** Writes the user with its USERNAME and EMAIL items in one transaction. */
export async function insertUser(input: NewUser): Promise<UserRecord> {
  const user = buildUserRecord(input);
  const items = [
    {
      Put: {
        TableName: config.appTable,
        Item: { ...keys.user(user.id), ...listKeys(user.username), ...(wantsScheduling(user) ? scheduledUserKeys(user.id) : {}), ...user },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: config.appTable,
        Item: { ...keys.username(user.username), userId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(user.email
      ? [
          {
            Put: {
              TableName: config.appTable,
              Item: { ...keys.email(user.email), userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : []),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    throw toUniqueConflict(error, ['user', 'username', 'email']);
  }
  return user;
}

function toUniqueConflict(error: unknown, fields: ('username' | 'email' | 'user' | null)[]): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  for (let i = 0; i < reasons.length; i++) {
    if (reasons[i]?.Code === 'ConditionalCheckFailed') {
      const field = fields[i];
      return field ? new UniqueConflict(field) : new StaleUser();
    }
  }
  return error;
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: keys.user(id) }));
  return Item ? stripKeys(Item) : null;
}

export async function findUserIdByUsername(username: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: keys.username(username) }));
  return typeof Item?.userId === 'string' ? Item.userId : null;
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  if (!email.trim()) return null;
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: keys.email(email) }));
  return typeof Item?.userId === 'string' ? Item.userId : null;
}

export async function findUserByUsername(username: string): Promise<UserRecord | null> {
  const id = await findUserIdByUsername(username);
  return id ? getUser(id) : null;
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const id = await findUserIdByEmail(email);
  return id ? getUser(id) : null;
}

/** BatchGetItem in 100s from the app table, retrying unprocessed keys. */
async function batchGet(keyList: { pk: string; sk: string }[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchGetItem kept leaving keys unprocessed');
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const result = await db().send(new BatchGetCommand({ RequestItems: { [config.appTable]: { Keys: pending } } }));
      found.push(...(result.Responses?.[config.appTable] ?? []));
      pending = result.UnprocessedKeys?.[config.appTable]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** username (lower) → user id, for the usernames that have an account. */
export async function userIdsByUsername(usernames: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(usernames.map(normalizeLogin))];
  const items = await batchGet(unique.map((u) => keys.username(u)));
  return new Map(items.map((item) => [String(item.pk).slice('USERNAME#'.length), String(item.userId)]));
}

/** email (lower) → user id, for the addresses that belong to an account. */
export async function userIdsByEmail(emails: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails.filter(Boolean).map(normalizeLogin))];
  const items = await batchGet(unique.map((e) => keys.email(e)));
  return new Map(items.map((item) => [String(item.pk).slice('EMAIL#'.length), String(item.userId)]));
}

export async function getUsers(ids: string[]): Promise<Map<string, UserRecord>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.user(id)));
  return new Map(items.map((item) => { const user = stripKeys(item); return [user.id, user]; }));
}

/** Fields an update may change; the key fields, id, username and date_joined never change. */
export type UserChanges = Partial<Omit<UserRecord, 'id' | 'username' | 'date_joined'>>;

function setExpression(changes: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  Object.entries(changes).forEach(([field, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  return { names, values, expression: sets.length ? `SET ${sets.join(', ')}` : '' };
}

/**
 * Applies `changes` to the user. A new email swaps the EMAIL item in the same transaction
 * (the new one must be free, the old one must still be this user's) and clears email_verified
 * unless the caller says otherwise. Throws UniqueConflict('email') or StaleUser.
 * Not for passwords from user input: callers hash first (passwordHash is just a field here).
 */
export async function updateUser(current: UserRecord, changes: UserChanges): Promise<UserRecord> {
  const next: UserRecord = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }
  if (changes.email !== undefined) next.email = changes.email.trim();
  // A new address is unverified; the same address in other letter case is still the same one.
  const emailKeyChanged = normalizeLogin(next.email) !== normalizeLogin(current.email);
  if (emailKeyChanged && changes.email_verified === undefined) next.email_verified = false;

  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(next) as (keyof UserRecord)[]) {
    if (field === 'id' || field === 'username' || field === 'date_joined') continue;
    if (next[field] !== current[field]) fields[field] = next[field];
  }
  if (Object.keys(fields).length === 0) return current;
  // The sparse SCHEDULED gsi2 key follows the scheduled-feature flags (functions/lib/data/scheduled-keys.ts).
  const scheduled = wantsScheduling(next);
  if (scheduled && !wantsScheduling(current)) Object.assign(fields, scheduledUserKeys(current.id));
  const set = setExpression(fields);
  if (!scheduled && wantsScheduling(current)) set.expression += ' REMOVE gsi2pk, gsi2sk';

  if (!emailKeyChanged) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.appTable,
          Key: keys.user(current.id),
          UpdateExpression: set.expression,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: set.values,
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') throw new StaleUser();
      throw error;
    }
    return next;
  }

  const transact = [
    {
      Update: {
        TableName: config.appTable,
        Key: keys.user(current.id),
        UpdateExpression: set.expression,
        ConditionExpression: 'attribute_exists(pk) AND #oldEmail = :oldEmail',
        ExpressionAttributeNames: { ...set.names, '#oldEmail': 'email' },
        ExpressionAttributeValues: { ...set.values, ':oldEmail': current.email },
      },
    },
    ...(next.email
      ? [
          {
            Put: {
              TableName: config.appTable,
              Item: { ...keys.email(next.email), userId: current.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : []),
    ...(current.email
      ? [
          {
            Delete: {
              TableName: config.appTable,
              Key: keys.email(current.email),
              ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
              ExpressionAttributeValues: { ':me': current.id },
            },
          },
        ]
      : []),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: transact }));
  } catch (error) {
    throw toUniqueConflict(error, [null, next.email ? 'email' : null, null]);
  }
  return next;
}

export async function setPasswordHash(userId: string, passwordHash: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: keys.user(userId),
        UpdateExpression: 'SET passwordHash = :h',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':h': passwordHash },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new StaleUser();
    throw error;
  }
}

/** Every user, ordered by username (admin list and sheet download). */
export async function listAllUsers(): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  for await (const item of paginate({
    TableName: config.appTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': USERS_PARTITION },
  })) {
    users.push(stripKeys(item));
  }
  return users;
}

/** Users whose username starts with `prefix` (case-insensitive), at most `limit`. */
export async function searchUsersByPrefix(prefix: string, limit: number): Promise<UserRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': USERS_PARTITION, ':prefix': normalizeLogin(prefix) },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(stripKeys);
}

function stripKeys(item: Record<string, unknown>): UserRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...rest } = item;
  const user = rest as unknown as UserRecord;
  return {
    ...user,
    email: user.email ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    affiliation: user.affiliation ?? '',
    location: user.location ?? '',
    role: user.role ?? 'user_role',
    is_superuser: !!user.is_superuser,
    is_staff: !!user.is_staff,
    email_verified: !!user.email_verified,
    language: user.language === 'en' ? 'en' : 'ko',
    random_exam_email_enabled: !!user.random_exam_email_enabled,
    random_exam_question_count: user.random_exam_question_count ?? LIMITS.profileQuestionCount.default,
    retention_cleanup_enabled: !!user.retention_cleanup_enabled,
    retention_cleanup_percentage: user.retention_cleanup_percentage ?? LIMITS.retentionPercentage.default,
  };
}
