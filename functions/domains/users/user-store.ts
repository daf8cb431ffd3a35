import { randomUUID } from 'node:crypto';
import { DEFAULT_EASY_DAYS } from '#shared/domain/workload.js';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
import { db, ITEM_ABSENT } from '../../runtime/data/db.js';
import { toUniqueConflict } from './user-errors.js';

/**
 * The accounts store: creating the USER item with its username/email claims and reading it by id or claim
 * (updates: user-update-store.ts; the username list and search: user-list-store.ts) (functions/domains/users/entities/user.ts,
 * account-claims.ts). Uniqueness: the claims are written in the same transaction as the user,
 * each with attribute_not_exists, so two registrations can never share a username or an email
 * whatever the timing.
 */
export type { UserRecord };
export { StaleUser, UniqueConflict } from './user-errors.js';

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
    easy_days: [...DEFAULT_EASY_DAYS],
    load_balancing: true,
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

/** What a request's caller needs of the USER item: one projected GetItem (loadCaller, every signed-in request). */
export async function getCallerUser(userId: string): Promise<CallerUser | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: userEntity.key(userId),
      ProjectionExpression:
        'id, username, #role, is_superuser, is_staff, #language, time_zone, day_rollover_hour, desired_retention, new_cards_per_day, max_reviews_per_day, fsrs_weights, easy_days, load_balancing',
      ExpressionAttributeNames: { '#role': 'role', '#language': 'language' },
    }),
  );
  return Item ? parseCallerUser(Item) : null;
}
