import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { paginate } from '../../runtime/data/paginate.js';
import type * as contracts from '#shared/contracts/sittings.js';
import { dynamoDocument } from '../../runtime/aws/clients.js';
import { config } from '../../runtime/config.js';
import { SITTING_TTL_SECONDS, sittingEntity, type SittingRecord } from './entities/sitting.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { findExam, canReadExam } from '../exams/index.js';
import { AppError, conflict } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';

/**
 * Resume anywhere (issue 23): the caller's sitting of an exam, kept so another tab or device
 * continues it. One GetItem to read; one conditional PutItem to write — the version read must
 * still be the stored one (0: none stored), so of two tabs writing at once exactly one wins and
 * the other gets 409 sitting_version_conflict, reads, merges and writes again (no answer is lost);
 * one DeleteItem to finish. Answers are counted only by submit/continue, whose submission ids
 * make a retried or repeated save count once.
 */

function view(record: SittingRecord) {
  return { exam_id: record.exam_id, version: record.version, updated_at: record.updated_at, state: record.state };
}

async function read(userId: string, examId: string): Promise<SittingRecord | null> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.ephemeralTable, Key: sittingEntity.key(userId, examId) }),
  );
  if (!Item) return null;
  const record = sittingEntity.parse(Item);
  return record.expiresAt > Math.floor(Date.now() / 1000) ? record : null; // TTL deletes lazily
}

/** Every sitting a user keeps, one per exam at most (the data export); expired ones are left out. */
export async function sittingsOf(userId: string): Promise<SittingRecord[]> {
  const now = Math.floor(Date.now() / 1000);
  const records: SittingRecord[] = [];
  for await (const item of paginate({
    TableName: config.ephemeralTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sittingEntity.partition(userId) },
  })) {
    const record = sittingEntity.parse(item);
    if (record.expiresAt > now) records.push(record);
  }
  return records;
}

/** Withdrawal: a user's sittings go with them rather than waiting for their TTL. */
export async function deleteSittingsOf(userId: string): Promise<number> {
  const keys = [];
  for await (const item of paginate({
    TableName: config.ephemeralTable,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sittingEntity.partition(userId) },
    ProjectionExpression: 'pk, sk',
  }))
    keys.push(primaryKeyOf(item));
  await batchWriteAll(keys.map(deleteRequest), { table: config.ephemeralTable });
  return keys.length;
}

/** GET /api/exam/{examId}/sitting/: the caller's own sitting only; none is null. */
export async function getSitting(input: ServiceInput<typeof contracts.getSitting>, ctx: SignedInContext) {
  const record = await read(ctx.caller.user.id, input.params.examId);
  return { sitting: record ? view(record) : null };
}

/** PUT /api/exam/{examId}/sitting/: an exam the caller may read (else 404 exam_not_found). */
export async function saveSitting(input: ServiceInput<typeof contracts.saveSitting>, ctx: SignedInContext) {
  const { examId } = input.params;
  const exam = await findExam(examId);
  if (!exam || !(await canReadExam(exam, ctx.caller.user))) throw new AppError(404, 'exam_not_found');
  const expected = input.body.expected_version;
  const now = new Date();
  const record: SittingRecord = {
    exam_id: examId,
    version: expected + 1,
    updated_at: now.toISOString(),
    state: input.body.state,
    expiresAt: Math.floor(now.getTime() / 1000) + SITTING_TTL_SECONDS,
  };
  try {
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: sittingEntity.item(ctx.caller.user.id, record),
        // An expired sitting counts as none: TTL deletes lazily.
        ConditionExpression:
          expected === 0 ? 'attribute_not_exists(pk) OR expiresAt <= :now' : 'version = :expected AND expiresAt > :now',
        ExpressionAttributeValues:
          expected === 0
            ? { ':now': Math.floor(now.getTime() / 1000) }
            : { ':expected': expected, ':now': Math.floor(now.getTime() / 1000) },
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw conflict('sitting_version_conflict');
    throw error;
  }
  return { sitting: view(record) };
}

/** DELETE /api/exam/{examId}/sitting/: finished; deleting none is no error. */
export async function endSitting(input: ServiceInput<typeof contracts.endSitting>, ctx: SignedInContext) {
  await dynamoDocument().send(
    new DeleteCommand({
      TableName: config.ephemeralTable,
      Key: sittingEntity.key(ctx.caller.user.id, input.params.examId),
    }),
  );
  return { success: true as const };
}
