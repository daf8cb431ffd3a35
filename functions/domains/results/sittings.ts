import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequest } from '../../runtime/data/batch-ops.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { paginate } from '../../runtime/data/paginate.js';
import type * as contracts from '#shared/contracts/sittings.js';
import type { SittingState } from '#shared/contracts/sittings.js';
import { mergeSittingStates } from '#shared/domain/sitting-merge.js';
import { dynamoDocument } from '../../runtime/aws/clients.js';
import { config } from '../../runtime/config.js';
import { SITTING_TTL_SECONDS, sittingEntity, type SittingRecord } from './entities/sitting.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { findExam, canReadExam } from '../exams/index.js';
import { AppError, conflict } from '../../runtime/http/app-error.js';
import { applyAnswers } from './submit.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';

/**
 * Resume anywhere: the caller's sitting of an exam, kept so another tab or device
 * continues it. One GetItem to read; one conditional PutItem to write — the version read must
 * still be the stored one (0: none stored), so of two tabs writing at once exactly one wins and
 * the other's write is merged here (D294, no answer is lost); one DeleteItem to finish. Answers are counted only by submit/continue, whose submission ids
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

/** Attempts at a merged write before the stale writer is told 409 (each lost one means another tab just wrote). */
const MERGE_ATTEMPTS = 4;

/**
 * PUT /api/exam/{examId}/sitting/: an exam the caller may read (else 404 exam_not_found). A write
 * at the stored version is one conditional PutItem. A stale one (another tab wrote since) is
 * merged here (D294): one GetItem and one more conditional PutItem per attempt, the merged sitting
 * answered with `merged: true`; none stored while the writer had one: finished elsewhere, 409.
 */
export async function saveSitting(input: ServiceInput<typeof contracts.saveSitting>, ctx: SignedInContext) {
  const { examId } = input.params;
  const userId = ctx.caller.user.id;
  const exam = await findExam(examId);
  if (!exam || !(await canReadExam(exam, ctx.caller.user))) throw new AppError(404, 'exam_not_found');
  let expected = input.body.expected_version;
  let state = input.body.state;
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const record = await putAt(userId, examId, expected, state);
    if (record) return { sitting: view(record), merged: attempt > 0 };
    const stored = await read(userId, examId);
    // Finished (or expired) since the writer read it: its answers are in that result already.
    if (!stored && expected > 0) break;
    expected = stored?.version ?? 0;
    state = stored ? mergeSittingStates(stored.state, input.body.state) : input.body.state;
  }
  throw conflict('sitting_version_conflict');
}

/** The conditional write at version `expected` (0: none stored); null when another write was first. */
async function putAt(userId: string, examId: string, expected: number, state: SittingState) {
  const now = new Date();
  const seconds = Math.floor(now.getTime() / 1000);
  const record: SittingRecord = {
    exam_id: examId,
    version: expected + 1,
    updated_at: now.toISOString(),
    state,
    expiresAt: seconds + SITTING_TTL_SECONDS,
  };
  try {
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: sittingEntity.item(userId, record),
        // An expired sitting counts as none: TTL deletes lazily.
        ConditionExpression:
          expected === 0 ? 'attribute_not_exists(pk) OR expiresAt <= :now' : 'version = :expected AND expiresAt > :now',
        ExpressionAttributeValues: expected === 0 ? { ':now': seconds } : { ':expected': expected, ':now': seconds },
      }),
    );
    return record;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/**
 * POST /api/exam/{examId}/sitting/close/ (D296): the answers of the sitting not yet in a result
 * are counted — a continue of its result, or a submit — and the sitting goes (only at the version
 * counted: a write in between is counted by the next close or save). The submission id is the
 * sitting's version, so a retried close counts once.
 */
export async function closeSitting(input: ServiceInput<typeof contracts.closeSitting>, ctx: SignedInContext) {
  const { examId } = input.params;
  const userId = ctx.caller.user.id;
  const stored = await read(userId, examId);
  if (!stored) return { counted: 0, result_id: null };
  const { state } = stored;
  const answers = state.question_order
    .filter((id) => state.answered.includes(id) && !state.saved.includes(id))
    .map((id) => {
      const verdict = state.overrules[id];
      return {
        question_id: id,
        answer: state.answers[id] ?? '',
        elapsed_seconds: state.question_times[id] ?? 0,
        ...(verdict ? { learner_verdict: verdict } : {}),
      };
    });
  let resultId = state.previous_result_id;
  if (answers.length > 0) {
    const applied = await applyAnswers({
      kind: resultId ? 'continue' : 'submit',
      caller: ctx.caller.user,
      language: ctx.language,
      examId,
      ...(resultId ? { previousResultId: resultId } : {}),
      answers,
      // A continue adds only the counted questions' time (the result has the rest already).
      elapsedSeconds: resultId
        ? answers.reduce((sum, answer) => sum + answer.elapsed_seconds, 0)
        : state.elapsed_seconds,
      submissionId: `sitting-close:${examId}:${stored.updated_at}:${stored.version}`,
    });
    resultId = applied.result_id;
  }
  try {
    await dynamoDocument().send(
      new DeleteCommand({
        TableName: config.ephemeralTable,
        Key: sittingEntity.key(userId, examId),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': stored.version },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    throw conflict('sitting_version_conflict'); // written meanwhile: the learner tries again
  }
  return { counted: answers.length, result_id: resultId };
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
