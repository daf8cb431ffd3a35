import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './db.js';

/**
 * Where a scheduled job's walk stopped (a DynamoDB start key and whatever the job adds), kept
 * between runs on one item per job and walk: `JOB#<job>` / `CURSOR#<walk>`. A run picks up where
 * the previous one stopped, so a walk of any length advances every run (docs/decisions/jobs.md).
 * A walk that reached its end stores no cursor: the next run starts from the top.
 */
export type JobCursor = Record<string, unknown>;

const key = (job: string, walk: string) => ({ pk: `JOB#${job}`, sk: `CURSOR#${walk}` });

export async function readJobCursor(job: string, walk: string): Promise<JobCursor | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: key(job, walk) }));
  const cursor = Item?.cursor;
  return cursor && typeof cursor === 'object' ? (cursor as JobCursor) : undefined;
}

/** Stores the cursor, or none (`undefined`: the walk is at its end). A Put, never a Delete. */
export async function saveJobCursor(job: string, walk: string, cursor: JobCursor | undefined): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: config.appTable,
      Item: { ...key(job, walk), ...(cursor ? { cursor } : {}), updated_at: new Date().toISOString() },
    }),
  );
}
