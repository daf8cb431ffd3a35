import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { createSession } from '../../functions/domains/users/session-store.js';
import { config } from '../../functions/runtime/config.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { usernameClaimEntity } from '../../functions/domains/users/entities/account-claims.js';
import type { Role } from '#shared/domain/roles.js';
import { TestClient } from './http-client.js';

/**
 * Signed-in users for integration tests, written straight into the table with a session, so
 * feature tests do not depend on the registration flow. Call `useCloudEnv()` first in the file.
 */
export interface FixtureUser {
  id: string;
  username: string;
  role: Role;
  language: 'ko' | 'en';
  client: TestClient;
}

export async function fixtureUser(
  apiUrl: string,
  options: { role?: Role; language?: 'ko' | 'en'; username?: string } = {},
): Promise<FixtureUser> {
  const id = `u${randomBytes(8).toString('hex')}`;
  const username = options.username ?? `user_${id.slice(1, 9)}`;
  const role = options.role ?? 'user_role';
  const language = options.language ?? 'ko';
  const now = new Date().toISOString();
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: {
        ...userEntity.key(id),
        type: 'USER',
        id,
        username,
        role,
        language,
        first_name: username,
        email: '',
        date_joined: now,
      },
    }),
  );
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: { ...usernameClaimEntity.key(username), type: 'USERNAME', userId: id },
    }),
  );
  const sessionId = await createSession(id);
  const client = await TestClient.create(apiUrl, language);
  client.setCookie('sessionid', sessionId);
  return { id, username, role, language, client };
}

export async function anonymousClient(apiUrl: string, language: 'ko' | 'en' = 'ko'): Promise<TestClient> {
  return TestClient.create(apiUrl, language);
}
