import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { config } from '../../runtime/config.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import {
  emailClaimEntity,
  emailTokenEntity,
  userEntity,
  usernameClaimEntity,
  deleteUserSessions,
  clearThrottle,
  LOGIN_PER_USERNAME,
  VERIFICATION_MAIL_PER_USER,
  type UserRecord,
} from '../users/index.js';
import { primaryKeyOf, type PrimaryKey } from '../../runtime/data/item.js';
import { normalizeLogin } from '#shared/domain/accounts.js';
import { paginate } from '../../runtime/data/paginate.js';
import type { Logger } from '../../runtime/log.js';
import { purgeCreations } from './purge-creations.js';
import { removeUserFromStudies } from '../studies/index.js';
import { deleteSittingsOf } from '../results/index.js';
import { db } from '../../runtime/data/db.js';

/** Deleting a study the user leaves empty continues in the background past this (S12). */
const STUDIES_BUDGET_MS = 10_000;

type Key = PrimaryKey;

async function deleteEmailTokens(userId: string): Promise<void> {
  const doomed: Key[] = [];
  for await (const item of paginate({
    TableName: config.ephemeralTable,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': emailTokenEntity.userPartition(userId) },
    ProjectionExpression: 'pk, sk',
  })) {
    doomed.push(primaryKeyOf(item));
  }
  await batchWriteAll(doomed.map(deleteRequest), { table: config.ephemeralTable });
}

/** Deletes a uniqueness item only if it still points at this user (someone may own it now). */
async function deleteClaim(key: Key, userId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: config.appTable,
        Key: key,
        ConditionExpression: 'userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Removes everything personal of a user (withdrawal, admin delete): their sessions first (so
 * nothing acts for them meanwhile), their private exams and files (public ones are anonymised),
 * their pending email tokens and throttle counters, their USERNAME/EMAIL claims, then every item
 * of their partition page by page, the USER item last, so a retry after a failure still finds
 * the user and finishes the job.
 */
export async function purgeUser(user: UserRecord, log: Logger): Promise<{ deletedItems: number }> {
  await deleteUserSessions(user.id);
  // Studies first: the user's MEMBERSHIP#/JOINREQ# items are the pointers to their rows in studies.
  const studies = await removeUserFromStudies(user.id, Date.now() + STUDIES_BUDGET_MS);
  log.info('studies purged', { userId: user.id, ...studies });
  const creations = await purgeCreations(user.id, log);
  log.info('creations purged', { userId: user.id, ...creations });
  await deleteEmailTokens(user.id);
  await deleteSittingsOf(user.id);
  await Promise.all([
    clearThrottle(LOGIN_PER_USERNAME, normalizeLogin(user.username)),
    clearThrottle(VERIFICATION_MAIL_PER_USER, user.id),
  ]);
  await deleteClaim(usernameClaimEntity.key(user.username), user.id);
  if (user.email) await deleteClaim(emailClaimEntity.key(user.email), user.id);

  let deletedItems = 0;
  const userKey = userEntity.key(user.id);
  // Delete page by page; a later Query starts from scratch, so nothing is skipped.
  for (;;) {
    const page = await db().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': userKey.pk },
        ProjectionExpression: 'pk, sk',
      }),
    );
    const doomed = (page.Items ?? []).map(primaryKeyOf).filter((item) => item.sk !== userKey.sk);
    if (doomed.length === 0) break;
    await batchWriteAll(doomed.map(deleteRequest));
    deletedItems += doomed.length;
  }
  await db().send(new DeleteCommand({ TableName: config.appTable, Key: userKey }));
  // Sessions created while we were deleting (a login racing the withdrawal) die with the user.
  await deleteUserSessions(user.id);
  return { deletedItems: deletedItems + 1 };
}
