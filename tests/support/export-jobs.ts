import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { exportJobKey } from '../../functions/domains/accounts/export-jobs.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { newId } from '../../functions/runtime/data/ids.js';
import type { TestClient } from './http-client.js';

/** An export job of `userId` written directly, without its invocation (the matrix needs one per row, not a build each). */
export async function writeExportJob(userId: string, status: 'pending' | 'done' = 'done'): Promise<string> {
  const id = newId();
  await dynamoDocument().send(
    new PutCommand({
      TableName: process.env.EPHEMERAL_TABLE!,
      Item: {
        ...exportJobKey(id),
        id,
        kind: 'user-data',
        status,
        file_name: 'user_data_export_fixture.xlsx',
        created_at: new Date().toISOString(),
        user_id: userId,
        object_key: `exports/${new Date().toISOString().slice(0, 10)}/${userId}/${id}`,
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      },
    }),
  );
  return id;
}

/** Polls the job's route (as the web does) until it leaves `pending`; the build runs detached in this process. */
export async function settledJob(client: TestClient, id: string): Promise<Record<string, unknown>> {
  let job: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        job = (await (await client.get(`/api/exports/${id}/`)).json()) as Record<string, unknown>;
        return job.status;
      },
      { timeout: 20_000, interval: 50 },
    )
    .not.toBe('pending');
  return job;
}

/**
 * The caller's data export as the web gets it (POST, then the job, then its download link): the
 * file's answer. The export is only built by a POST (CSRF-checked), never by a GET.
 */
export async function userDataExport(client: TestClient): Promise<Response> {
  const started = await client.post('/api/export-user-data/');
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  expect(await settledJob(client, id)).toMatchObject({ status: 'done' });
  const link = await client.get(`/api/exports/${id}/download/`);
  expect(link.status).toBe(302);
  return fetch(link.headers.get('location')!);
}
