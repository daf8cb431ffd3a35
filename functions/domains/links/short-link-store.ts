import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { conditionFailedAt, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { shortLinkClaimEntity } from './entities/short-link-claim.js';
import { shortLinkEntity, type ShortLink } from './entities/short-link.js';
import { db, ITEM_ABSENT } from '../../runtime/data/db.js';

/**
 * Short links in the ephemeral table (docs/architecture.md §2.8 G4, G5): the link
 * (functions/domains/links/entities/short-link.ts) and its claim (short-link-claim.ts), which gives
 * the same URL the same live code.
 */
export type { ShortLink };

export async function getShortLink(code: string): Promise<ShortLink | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.ephemeralTable, Key: shortLinkEntity.key(code), ConsistentRead: true }),
  );
  return Item ? shortLinkEntity.parse(Item) : null;
}

/** The live link already made for this URL (GetItem claim + GetItem link), if any. */
export async function liveLinkFor(url: string, now: number): Promise<ShortLink | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.ephemeralTable, Key: shortLinkClaimEntity.key(url), ConsistentRead: true }),
  );
  if (!Item) return null;
  const claim = shortLinkClaimEntity.parse(Item);
  if (claim.expiresAt <= now) return null;
  const link = await getShortLink(claim.code);
  return link && link.url === url && link.expiresAt > now ? link : null;
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
              Item: shortLinkEntity.item(link),
              ConditionExpression: ITEM_ABSENT,
            },
          },
          {
            Put: {
              TableName: config.ephemeralTable,
              Item: shortLinkClaimEntity.item(link.url, link.code, link.expiresAt),
              ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': now },
            },
          },
        ],
      }),
    );
    return 'saved';
  } catch (error) {
    if (!isTransactionCanceled(error)) throw error;
    return conditionFailedAt(error, 0) ? 'code_taken' : 'url_claimed';
  }
}
