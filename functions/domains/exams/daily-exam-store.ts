import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import {
  dailyExamDayEntity,
  dailyExamPointerEntity,
  type DailyExamDayRecord,
  type DailyExamPointerRecord,
} from './entities/daily-exam.js';
import { db, claimPointer } from '../../runtime/data/db.js';

/** Reads and writes of the daily quiz's items (entities/daily-exam.ts); what it chooses from is the learner's queue (learner-queue.ts). */

export async function getDailyDay(userId: string, day: string): Promise<DailyExamDayRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: dailyExamDayEntity.key(userId, day), ConsistentRead: true }),
  );
  return Item ? dailyExamDayEntity.parse(Item) : null;
}

/**
 * Claims the day for `record.exam_id`: the claim must be absent, or still name `stale` (an exam
 * that was deleted since). False when another call claimed it first.
 */
export function claimDailyDay(
  userId: string,
  record: DailyExamDayRecord,
  stale: string | null,
  now: Date,
): Promise<boolean> {
  return claimPointer(dailyExamDayEntity.item(userId, record, now), stale, 'exam_id');
}

/** Moves the pointer to the new exam and answers what it named before (`exam_id`, `previous_exam_id`). */
export async function moveDailyPointer(userId: string, examId: string): Promise<DailyExamPointerRecord | null> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: dailyExamPointerEntity.key(userId),
      UpdateExpression: 'SET exam_id = :id, previous_exam_id = if_not_exists(exam_id, :none), #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':id': examId, ':none': null, ':type': 'DAILY_EXAM_POINTER' },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes ? dailyExamPointerEntity.parse(Attributes) : null;
}

/** A claim older than this with `mail_status = sending` is left alone by the next run (see claimDailyMail). */
export type MailClaim =
  { claimed: true; claimId: string } | { claimed: false; status: DailyExamDayRecord['mail_status'] };

/**
 * Claims the day's email before it is sent: `mail_status` absent or `failed` → `sending`. A claim
 * still `sending` (a send in flight, or one whose process died between the claim and SES's
 * answer) or `sent` is never taken again, so no user gets a second mail.
 */
export async function claimDailyMail(userId: string, day: string, claimId: string, now: Date): Promise<MailClaim> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: dailyExamDayEntity.key(userId, day),
        UpdateExpression: 'SET mail_status = :sending, mail_claimed_at = :now, mail_claim_id = :claim',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mail_status) OR mail_status = :failed)',
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':failed': 'failed',
          ':now': now.toISOString(),
          ':claim': claimId,
        },
      }),
    );
    return { claimed: true, claimId };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { claimed: false, status: (await getDailyDay(userId, day))?.mail_status };
  }
}

/** Records the outcome of our own claim (`mail_claim_id` still ours). */
export async function finishDailyMail(
  userId: string,
  day: string,
  claimId: string,
  outcome: 'sent' | 'failed',
  now: Date,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: dailyExamDayEntity.key(userId, day),
      UpdateExpression:
        outcome === 'sent' ? 'SET mail_status = :outcome, emailed_at = :now' : 'SET mail_status = :outcome',
      ConditionExpression: 'mail_claim_id = :claim',
      ExpressionAttributeValues: {
        ':outcome': outcome,
        ':claim': claimId,
        ...(outcome === 'sent' ? { ':now': now.toISOString() } : {}),
      },
    }),
  );
}
