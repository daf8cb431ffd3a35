import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../functions/lib/aws/clients.js';
import { config } from '../functions/lib/config.js';
import { fileEntity, examEntity, questionPoolCounterEntity, QUESTION_COUNTER_SHARDS } from '../functions/lib/data/entities/index.js';
import { batchGetAll } from '../functions/lib/data/batch-ops.js';
import { queryAll, queryBounded } from '../functions/lib/data/paginate.js';

/**
 * Brings a data directory written by an older build up to today's key layout. Each step reads
 * only the legacy index partitions it moves (no Scan) and is a no-op once they are empty.
 * Nothing was ever deployed with the old layouts, so these run locally only.
 */
export async function migrateLocalData(print: (line: string) => void = () => undefined): Promise<void> {
  let moved = 0;
  // Exam lists were one gsi2 partition per visibility before they were sharded (architecture §3.2).
  for (const legacy of ['PUBLICEXAMS', 'PRIVATEEXAMS']) {
    for (;;) {
      const { items } = await queryBounded(
        { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': legacy }, Limit: 100 },
        { want: 100, maxPages: 1 },
      );
      if (items.length === 0) break;
      for (const item of items) {
        const keys = examEntity.visibilityIndex(item.is_public === true, String(item.created_at), String(item.id));
        await dynamoDocument().send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
            ExpressionAttributeValues: { ':pk': keys.gsi2pk, ':sk': keys.gsi2sk },
          }),
        );
        moved++;
      }
    }
  }
  if (moved) print(`moved ${moved} exams to the sharded exam-list index`);

  // The question-pool counter (GET /api/questions/) came after the first imports: seed it once
  // from the file records when no shard exists yet.
  const shards = await batchGetAll(Array.from({ length: QUESTION_COUNTER_SHARDS }, (_, shard) => questionPoolCounterEntity.key(shard)));
  if (shards.length === 0) {
    let total = 0;
    for (const isPublic of [true, false]) {
      const files = await queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': fileEntity.visibilityPartition(isPublic) },
        ProjectionExpression: 'max_questions',
      });
      total += files.reduce((sum, file) => sum + Number(file.max_questions ?? 0), 0);
    }
    if (total > 0) {
      await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: { ...questionPoolCounterEntity.key(0), count: total } }));
      print(`counted ${total} questions in the existing question files`);
    }
  }
}
