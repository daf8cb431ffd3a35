import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../functions/lib/aws/clients.js';
import { config } from '../functions/lib/config.js';
import { examKeys } from '../functions/lib/data/exam-keys.js';
import { queryBounded } from '../functions/lib/data/batch-ops.js';

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
        const keys = examKeys.examsByVisibility(item.is_public === true, String(item.created_at), String(item.id));
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
}
