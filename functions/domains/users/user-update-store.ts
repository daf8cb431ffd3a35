import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeLogin } from '#shared/domain/accounts.js';
import { config } from '../../runtime/config.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';
import { emailClaimEntity } from './entities/account-claims.js';
import { userEntity, type UserRecord } from './entities/user.js';
import { StaleUser, toUniqueConflict } from './user-errors.js';

// Changes to an existing USER item: profile fields and the email claim swap, password, verification, FSRS fits.

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

/** What a per-learner FSRS fit leaves on the USER item (learning/fsrs-fit-job.ts). */
export interface FsrsFitFields {
  /** The fitted weights, or null to schedule with the defaults again. */
  fsrs_weights: number[] | null;
  fsrs_review_count: number;
  fsrs_measured_retention: number | null;
  fsrs_fit_outcome: string;
  /** Which weights the fit could change (`initial`: w0–w3, `full`), null when it did not run. */
  fsrs_fit_kind: string | null;
  /** Held-back items judged, and the log loss there of the weights before and of the fit. */
  fsrs_held_back: number;
  fsrs_log_loss_before: number | null;
  fsrs_log_loss_after: number | null;
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

/**
 * Gives a claim back after the fit failed (the job retries the learner): removes `fsrs_fitted_at`
 * when it is still the claim's `now`, so the learner is due again.
 */
export async function releaseFsrsFit(userId: string, claimedAt: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(userId),
        UpdateExpression: 'REMOVE fsrs_fitted_at',
        ConditionExpression: 'fsrs_fitted_at = :claimed',
        ExpressionAttributeValues: { ':claimed': claimedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Stores a fit's outcome on the USER item (the weights removed when the defaults are kept). */
export async function saveFsrsFit(userId: string, fit: FsrsFitFields): Promise<void> {
  const set =
    'SET fsrs_review_count = :n, fsrs_measured_retention = :r, fsrs_fit_outcome = :o, fsrs_fit_kind = :k, ' +
    'fsrs_held_back = :h, fsrs_log_loss_before = :lb, fsrs_log_loss_after = :la';
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
          ':k': fit.fsrs_fit_kind,
          ':h': fit.fsrs_held_back,
          ':lb': fit.fsrs_log_loss_before,
          ':la': fit.fsrs_log_loss_after,
          ...(fit.fsrs_weights ? { ':w': fit.fsrs_weights } : {}),
        },
      }),
    );
  } catch (error) {
    // A learner who withdrew while the fit ran: nothing to store.
    if (!isConditionFailed(error)) throw error;
  }
}
