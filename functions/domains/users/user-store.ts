import { randomUUID } from 'node:crypto';
import { paginate } from '../../runtime/data/paginate.js';
import { readMergedStreams } from '../../runtime/data/merged-streams.js';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '#shared/domain/limits.js';
import { normalizeLogin } from '#shared/domain/accounts.js';
import {
  canonicalTimeZone,
  DEFAULT_ROLLOVER_HOUR,
  DEFAULT_TIME_ZONE,
  isValidRolloverHour,
} from '#shared/domain/learner-day.js';
import { config } from '../../runtime/config.js';
import { emailClaimEntity, usernameClaimEntity } from './entities/account-claims.js';
import { parseCallerUser, userEntity, type UserRecord } from './entities/user.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { CONDITION_FAILED, cancellationReasons, isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

/**
 * The accounts store: the USER item and its username/email claims (functions/domains/users/entities/user.ts,
 * account-claims.ts). Uniqueness: the claims are written in the same transaction as the user,
 * each with attribute_not_exists, so two registrations can never share a username or an email
 * whatever the timing.
 */
export type { UserRecord };

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
    time_zone: canonicalTimeZone(input.time_zone) ?? DEFAULT_TIME_ZONE,
    day_rollover_hour: isValidRolloverHour(input.day_rollover_hour) ? input.day_rollover_hour : DEFAULT_ROLLOVER_HOUR,
    desired_retention: LIMITS.desiredRetention.default,
    new_cards_per_day: LIMITS.newCardsPerDay.default,
    max_reviews_per_day: LIMITS.maxReviewsPerDay.default,
    study_memberships: 0,
  };
}

/** Writes the user with its USERNAME and EMAIL items in one transaction. */
export async function insertUser(input: NewUser): Promise<UserRecord> {
  const user = buildUserRecord(input);
  const items = [
    {
      Put: {
        TableName: config.appTable,
        Item: userEntity.item(user),
        ConditionExpression: ITEM_ABSENT,
      },
    },
    {
      Put: {
        TableName: config.appTable,
        Item: usernameClaimEntity.item(user.username, user.id),
        ConditionExpression: ITEM_ABSENT,
      },
    },
    ...(user.email
      ? [
          {
            Put: {
              TableName: config.appTable,
              Item: emailClaimEntity.item(user.email, user.id),
              ConditionExpression: ITEM_ABSENT,
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
  const reasons = cancellationReasons(error);
  for (let i = 0; i < reasons.length; i++) {
    if (reasons[i] === CONDITION_FAILED) {
      const field = fields[i];
      return field ? new UniqueConflict(field) : new StaleUser();
    }
  }
  return error;
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: userEntity.key(id) }));
  return Item ? userEntity.parse(Item) : null;
}

export async function findUserIdByUsername(username: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: usernameClaimEntity.key(username) }),
  );
  return Item ? usernameClaimEntity.parse(Item).userId : null;
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  if (!email.trim()) return null;
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: emailClaimEntity.key(email) }));
  return Item ? emailClaimEntity.parse(Item).userId : null;
}

export async function findUserByUsername(username: string): Promise<UserRecord | null> {
  const id = await findUserIdByUsername(username);
  return id ? getUser(id) : null;
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const id = await findUserIdByEmail(email);
  return id ? getUser(id) : null;
}

/** username (lower) → user id, for the usernames that have an account. */
export async function userIdsByUsername(usernames: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(usernames.map(normalizeLogin))];
  const items = await batchGetAll(unique.map((u) => usernameClaimEntity.key(u)));
  return new Map(items.map((item) => usernameClaimEntity.parse(item)).map((claim) => [claim.value, claim.userId]));
}

/** email (lower) → user id, for the addresses that belong to an account. */
export async function userIdsByEmail(emails: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails.filter(Boolean).map(normalizeLogin))];
  const items = await batchGetAll(unique.map((e) => emailClaimEntity.key(e)));
  return new Map(items.map((item) => emailClaimEntity.parse(item)).map((claim) => [claim.value, claim.userId]));
}

export async function getUsers(ids: string[]): Promise<Map<string, UserRecord>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => userEntity.key(id)));
  return new Map(
    items.map((item) => {
      const user = userEntity.parse(item);
      return [user.id, user];
    }),
  );
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
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const next: UserRecord = { ...current, ...defined };
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
  // The sparse SCHEDULED gsi2 key follows the scheduled-feature flags (functions/domains/users/entities/scheduled-shards.ts).
  const scheduled = userEntity.wantsScheduling(next);
  if (scheduled && !userEntity.wantsScheduling(current)) Object.assign(fields, userEntity.scheduledIndex(current.id));
  const set = setExpression(fields);
  if (!scheduled && userEntity.wantsScheduling(current)) set.expression += ' REMOVE gsi2pk, gsi2sk';

  if (!emailKeyChanged) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.appTable,
          Key: userEntity.key(current.id),
          UpdateExpression: set.expression,
          ConditionExpression: ITEM_EXISTS,
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: set.values,
        }),
      );
    } catch (error) {
      if (isConditionFailed(error)) throw new StaleUser();
      throw error;
    }
    return next;
  }

  const transact = [
    {
      Update: {
        TableName: config.appTable,
        Key: userEntity.key(current.id),
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
              Item: emailClaimEntity.item(next.email, current.id),
              ConditionExpression: ITEM_ABSENT,
            },
          },
        ]
      : []),
    ...(current.email
      ? [
          {
            Delete: {
              TableName: config.appTable,
              Key: emailClaimEntity.key(current.email),
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
        Key: userEntity.key(userId),
        UpdateExpression: 'SET passwordHash = :h',
        ConditionExpression: ITEM_EXISTS,
        ExpressionAttributeValues: { ':h': passwordHash },
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw new StaleUser();
    throw error;
  }
}

/** Marks the address verified if it is still the user's; false when the user or their address changed. */
export async function markEmailVerified(userId: string, email: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(userId),
        UpdateExpression: 'SET email_verified = :yes',
        ConditionExpression: 'attribute_exists(pk) AND email = :email',
        ExpressionAttributeValues: { ':yes': true, ':email': email },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * One page of users by username (the admin list): the `USERS` index with one cursor, at most two 1 MB
 * pages read per answer whatever the number of users; `search` keeps usernames starting with it.
 */
export async function listUsersPage(page: {
  cursor?: string;
  pageSize: number;
  search?: string;
}): Promise<{ users: UserRecord[]; next: string | null }> {
  const prefix = page.search ? normalizeLogin(page.search) : '';
  const stream = { index: 'gsi1' as const, pk: userEntity.listPartition, ...(prefix ? { sortKeyPrefix: prefix } : {}) };
  const { items, next } = await readMergedStreams([stream], {
    cursor: page.cursor,
    pageSize: page.pageSize,
    ascending: true,
    maxPagesPerStream: 2,
  });
  return { users: items.map(userEntity.parse), next };
}

/** Every user, ordered by username (the users sheet download). */
export async function listAllUsers(): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  for await (const item of paginate({
    TableName: config.appTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': userEntity.listPartition },
  })) {
    users.push(userEntity.parse(item));
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
      ExpressionAttributeValues: { ':pk': userEntity.listPartition, ':prefix': normalizeLogin(prefix) },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(userEntity.parse);
}

/** What a request's caller needs of the USER item: one projected GetItem (loadCaller, every signed-in request). */
export async function getCallerUser(userId: string): Promise<CallerUser | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: userEntity.key(userId),
      ProjectionExpression:
        'id, username, #role, is_superuser, is_staff, #language, time_zone, day_rollover_hour, desired_retention, new_cards_per_day, max_reviews_per_day, fsrs_weights',
      ExpressionAttributeNames: { '#role': 'role', '#language': 'language' },
    }),
  );
  return Item ? parseCallerUser(Item) : null;
}

/** What a per-learner FSRS fit leaves on the USER item (learning/fsrs-fit-job.ts). */
export interface FsrsFitFields {
  /** The fitted weights, or null to schedule with the defaults again. */
  fsrs_weights: number[] | null;
  fsrs_review_count: number;
  fsrs_measured_retention: number | null;
  fsrs_fit_outcome: string;
}

/**
 * Claims the learner's fit: sets `fsrs_fitted_at` to `now` unless a fit started after
 * `notBefore` (one fit per learner and period, whoever asks — the profile button or the job).
 * False when the claim was taken or the user is gone.
 */
export async function claimFsrsFit(userId: string, now: string, notBefore: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(userId),
        UpdateExpression: 'SET fsrs_fitted_at = :now',
        ConditionExpression: `${ITEM_EXISTS} AND (attribute_not_exists(fsrs_fitted_at) OR fsrs_fitted_at < :nb)`,
        ExpressionAttributeValues: { ':now': now, ':nb': notBefore },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Stores a fit's outcome on the USER item (the weights removed when the defaults are kept). */
export async function saveFsrsFit(userId: string, fit: FsrsFitFields): Promise<void> {
  const set = 'SET fsrs_review_count = :n, fsrs_measured_retention = :r, fsrs_fit_outcome = :o';
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(userId),
        UpdateExpression: fit.fsrs_weights ? `${set}, fsrs_weights = :w` : `${set} REMOVE fsrs_weights`,
        ConditionExpression: ITEM_EXISTS,
        ExpressionAttributeValues: {
          ':n': fit.fsrs_review_count,
          ':r': fit.fsrs_measured_retention,
          ':o': fit.fsrs_fit_outcome,
          ...(fit.fsrs_weights ? { ':w': fit.fsrs_weights } : {}),
        },
      }),
    );
  } catch (error) {
    // A learner who withdrew while the fit ran: nothing to store.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Ids of users whose FSRS fit is older than `notBefore` (or who never had one), in username order,
 * the fit job's walk of the USERS partition (projected, filtered server-side).
 */
export async function* usersDueForFit(notBefore: string): AsyncGenerator<string> {
  for await (const item of paginate({
    TableName: config.appTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'attribute_not_exists(fsrs_fitted_at) OR fsrs_fitted_at < :nb',
    ProjectionExpression: 'id',
    ExpressionAttributeValues: { ':pk': userEntity.listPartition, ':nb': notBefore },
  })) {
    if (typeof item.id === 'string') yield item.id;
  }
}
