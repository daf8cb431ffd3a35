import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { s3Client } from '../../functions/runtime/aws/s3-client.js';
import { config } from '../../functions/runtime/config.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';

/**
 * The table read in this many segments at once: DynamoDB Local's cost per page of a scan grows with
 * the part of the table the scan covers, so the whole scan costs about the table's size squared over
 * the segments. At the ~74,000 items of a full integration run: 8 segments 2.9–3.7 s, 32 segments 1.0–1.1 s
 * (one scan: 33–47 s), measured here (D504).
 */
const SCAN_SEGMENTS = 32;

/**
 * Test-only look into the table and bucket: what a user's imports left behind. (Scans are fine
 * here; no route ever scans.)
 */
export async function itemsOwnedBy(userId: string): Promise<Record<string, unknown>[]> {
  const segments = await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      const items: Record<string, unknown>[] = [];
      const pages = paginateScan(
        { client: dynamoDocument() },
        {
          TableName: config.appTable,
          FilterExpression: 'owner_id = :u OR pk = :p',
          ExpressionAttributeValues: { ':u': userId, ':p': userPk(userId) },
          Segment: segment,
          TotalSegments: SCAN_SEGMENTS,
        },
      );
      for await (const page of pages) items.push(...((page.Items ?? []) as Record<string, unknown>[]));
      return items;
    }),
  );
  return segments.flat().filter((i) => i.sk !== 'USER');
}

export async function objectsUnder(prefix: string): Promise<string[]> {
  const answer = await s3Client().send(new ListObjectsV2Command({ Bucket: config.filesBucket, Prefix: prefix }));
  return (answer.Contents ?? []).map((o) => o.Key!);
}

/** Counts DynamoDB requests made through the shared document client in this process. */
export function countDynamoCalls(): {
  count: () => number;
  byCommand: () => Record<string, number>;
  reset: () => void;
} {
  const seen: string[] = [];
  const client = dynamoDocument();
  const name = `count-${Math.random()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      seen.push(String((context as { commandName?: string }).commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    count: () => seen.length,
    byCommand: () => seen.reduce<Record<string, number>>((acc, c) => ((acc[c] = (acc[c] ?? 0) + 1), acc), {}),
    reset: () => void seen.splice(0),
  };
}
