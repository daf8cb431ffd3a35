import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { emailTokenEntity, type EmailTokenRecord } from './entities/email-token.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { db } from '../../runtime/data/db.js';

/**
 * Single-use email verification tokens in the ephemeral table, stored by the SHA-256 of the
 * token (functions/domains/users/entities/email-token.ts).
 */
export async function putEmailToken(tokenHash: string, token: Required<EmailTokenRecord>): Promise<void> {
  await db().send(new PutCommand({ TableName: config.ephemeralTable, Item: emailTokenEntity.item(tokenHash, token) }));
}

export async function deleteEmailToken(tokenHash: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.ephemeralTable, Key: emailTokenEntity.key(tokenHash) }));
}

/**
 * Consumes a live token with a conditional delete (two clicks cannot both succeed). An expired
 * token is left for TTL to remove, so the link keeps saying "expired".
 */
export async function consumeEmailToken(
  tokenHash: string,
  now: number,
): Promise<EmailTokenRecord | 'expired' | 'invalid'> {
  const key = emailTokenEntity.key(tokenHash);
  try {
    const result = await db().send(
      new DeleteCommand({
        TableName: config.ephemeralTable,
        Key: key,
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes ? emailTokenEntity.parse(result.Attributes) : 'invalid';
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { Item } = await db().send(new GetCommand({ TableName: config.ephemeralTable, Key: key }));
    return Item ? 'expired' : 'invalid';
  }
}
