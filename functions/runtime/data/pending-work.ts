import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './paginate.js';

type Item = Record<string, NativeAttributeValue>;

/**
 * Background work that outgrew its request leaves one marker item listed under a gsi2 partition
 * (study deletions `STUDYDELETES`, "delete everyone's results" `RESULTSDELETES`). A scheduled job
 * continues each in turn until `deadline`; what is not reached, or not finished, stays listed for
 * the next run. One Query of the partition, then the work itself.
 */
export async function finishPendingWork(
  partition: string,
  projection: string,
  deadline: number,
  continueOne: (marker: Item, deadline: number) => Promise<{ completed: boolean }>,
): Promise<{ found: number; unfinished: number }> {
  const markers = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: projection,
  });
  let unfinished = 0;
  for (const marker of markers) {
    if (Date.now() >= deadline) {
      unfinished++;
      continue;
    }
    if (!(await continueOne(marker, deadline)).completed) unfinished++;
  }
  return { found: markers.length, unfinished };
}
