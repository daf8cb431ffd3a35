import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bumpContentVersion, removeExam, removeExamImages, examEntity } from '../exams/index.js';
import { discardFile, removeFileRecord, fileEntity } from '../files/index.js';
import { adjustUsage } from '../tags/index.js';
import { config } from '../../runtime/config.js';
import { WITHDRAWN_CREATOR_ID } from '../../runtime/data/key-parts.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { paginate } from '../../runtime/data/paginate.js';
import type { Logger } from '../../runtime/log.js';
import { db, ITEM_EXISTS } from '../../runtime/data/db.js';

/**
 * What a withdrawing user created outside their own partition: private exams and private
 * question files (with their questions and S3 object) are deleted; public ones stay for the
 * people using them, with the creator's id and name removed and the creator index entry dropped.
 */
export async function purgeCreations(userId: string, log: Logger): Promise<{ deleted: number; anonymised: number }> {
  let deleted = 0;
  let anonymised = 0;
  for await (const item of creatorIndex(examEntity.creatorPartition(userId))) {
    const exam = examEntity.parse(item);
    if (exam.is_public) {
      await anonymise(examEntity.key(exam.id), 'created_by_id', 'created_by_username');
      // The creator's name leaves cached reads of the exam too (D405).
      await bumpContentVersion(exam.id);
      anonymised += 1;
    } else {
      await removeExam(exam);
      await removeExamImages(exam.id);
      if (exam.tag_ids?.length) await adjustUsage(exam.tag_ids, -1);
      deleted += 1;
    }
  }
  for await (const item of creatorIndex(fileEntity.ownerPartition(userId))) {
    const file = fileEntity.parse(item);
    if (file.is_public !== false) {
      await anonymise(fileEntity.key(file.id), 'owner_id', 'owner_username');
      anonymised += 1;
    } else {
      await removeFileRecord(file);
      await discardFile(file, log);
      deleted += 1;
    }
  }
  return { deleted, anonymised };
}

/** Every item of a creator's gsi1 partition (their exams, or their files). */
function creatorIndex(partition: string): AsyncGenerator<Record<string, unknown>> {
  return paginate({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  });
}

/** An item deleted meanwhile stays deleted: an unconditional update would write a fragment of it back. */
async function anonymise(key: { pk: string; sk: string }, idField: string, nameField: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: key,
        UpdateExpression: 'SET #id = :anon, #name = :empty REMOVE gsi1pk, gsi1sk',
        ConditionExpression: ITEM_EXISTS,
        ExpressionAttributeNames: { '#id': idField, '#name': nameField },
        ExpressionAttributeValues: { ':anon': WITHDRAWN_CREATOR_ID, ':empty': '' },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
