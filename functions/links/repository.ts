import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';

/**
 * Short links in the ephemeral table (docs/architecture.md §2.8 G4, G5):
 * `SHORT#<code>`/`SHORT` {url, createdBy, createdAt, expiresAt} and the claim
 * `SHORTURL#<sha256(url)>`/`SHORTURL` {code, expiresAt} that gives the same URL the same live code.
 * TTL (`expiresAt`, epoch seconds) cleans up eventually; readers check `expiresAt` themselves.
 */
export const linkKeys = {
  short: (code: string) => ({ pk: `SHORT#${code}`, sk: 'SHORT' }),
  claim: (url: string) => ({ pk: `SHORTURL#${createHash('sha256').update(url).digest('hex')}`, sk: 'SHORTURL' }),
};

export interface ShortLink {
  code: string;
  url: string;
  createdBy: string | null;
  createdAt: number;
  expiresAt: number;
}

const db = () => dynamoDocument();

export async function getShortLink(code: string): Promise<ShortLink | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.ephemeralTable, Key: linkKeys.short(code), ConsistentRead: true }));
  return Item ? (Item as unknown as ShortLink) : null;
}

/** The live link already made for this URL (GetItem claim + GetItem link), if any. */
export async function liveLinkFor(url: string, now: number): Promise<ShortLink | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.ephemeralTable, Key: linkKeys.claim(url), ConsistentRead: true }));
  if (!Item || Number(Item.expiresAt) <= now) return null;
  const link = await getShortLink(String(Item.code));
  return link && link.url === url && Number(link.expiresAt) > now ? link : null;
}

export type SaveOutcome = 'saved' | 'code_taken' | 'url_claimed';

/**
 * One transaction: Put `SHORT#<code>` (`attribute_not_exists`) and Put the URL's claim (absent or
 * expired). Which condition failed tells the caller to retry with a new code or to read the
 * winner's code.
 */
export async function saveShortLink(link: ShortLink, now: number): Promise<SaveOutcome> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.ephemeralTable,
              Item: { ...linkKeys.short(link.code), type: 'SHORT', ...link },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: config.ephemeralTable,
              Item: { ...linkKeys.claim(link.url), type: 'SHORTURL', code: link.code, expiresAt: link.expiresAt },
              ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': now },
            },
          },
        ],
      }),
    );
    return 'saved';
  } catch (error) {
    const failure = error as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (failure.name !== 'TransactionCanceledException') throw error;
    return failure.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed' ? 'code_taken' : 'url_claimed';
  }
}
