import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import type { Role } from '#shared/domain/roles.js';
import { hashPassword } from '../../functions/domains/users/passwords.js';
import { insertUser, type NewUser, type UserRecord } from '../../functions/domains/users/user-store.js';
import { createSession } from '../../functions/domains/users/session-store.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { sessionEntity } from '../../functions/domains/users/entities/session.js';
import { TestClient } from './http-client.js';

/**
 * Account fixtures for integration tests. The test file's process talks to the same DynamoDB
 * Local as the server, so users and sessions are written directly: no registration round trip,
 * no scrypt per fixture (they share one hash of FIXTURE_PASSWORD).
 */
export const FIXTURE_PASSWORD = 'fixture-password-1';

export function useCloudEnv(): Record<string, string> {
  const env = inject('cloudEnv');
  Object.assign(process.env, env);
  return env;
}

let sharedHash: Promise<string> | undefined;
export function fixtureHash(): Promise<string> {
  sharedHash ??= hashPassword(FIXTURE_PASSWORD);
  return sharedHash;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export async function makeUser(overrides: Partial<NewUser> & { role?: Role } = {}): Promise<UserRecord> {
  const username = overrides.username ?? uniqueName('user');
  return insertUser({
    email: `${username}@example.com`,
    first_name: 'Fixture',
    ...overrides,
    username,
    passwordHash: overrides.passwordHash ?? (await fixtureHash()),
  });
}

/** A browser already signed in as `user` (session written directly) with a CSRF token. */
export async function clientFor(
  apiUrl: string,
  user: UserRecord | null,
  language: 'ko' | 'en' = 'en',
): Promise<TestClient> {
  const client = await TestClient.create(apiUrl, language);
  if (user) client.setCookie('sessionid', await createSession(user.id));
  return client;
}

export async function appItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamoDocument().send(new GetCommand({ TableName: process.env.APP_TABLE!, Key: key }));
  return Item;
}

export async function ephemeralItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamoDocument().send(new GetCommand({ TableName: process.env.EPHEMERAL_TABLE!, Key: key }));
  return Item;
}

export async function partitionItems(userId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: process.env.APP_TABLE!,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userPk(userId) },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

export async function sessionsOf(userId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: process.env.EPHEMERAL_TABLE!,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': sessionEntity.userPartition(userId) },
    }),
  );
  return Items ?? [];
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A multipart form with `file` holding these bytes under this name. */
export function fileForm(bytes: Uint8Array, filename: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return form;
}
