import { randomBytes } from 'node:crypto';
import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startInProcessCloud } from './local-server.js';
import { dynamoDocument } from '../functions/runtime/aws/clients.js';
import { config } from '../functions/runtime/config.js';
import { userPk } from '../functions/runtime/data/key-parts.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';

/**
 * The offline merge's cost per record (POST /api/review-sync/, D395–D404): 100 offline grades of 100
 * cards, sent through the API in this process, as a ratio to its floor — the least any exactly-once
 * write of the same grades costs on the same engine: one BatchGetItem of their claims, then their
 * claim and log items (2 per grade) in TransactWriteItems of 100, bare client. Both in order (each
 * grade after its card's last review) and out of order (older than it: the log is read and replayed).
 */
const RECORDS = 100;
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const gradeId = () => `b${randomBytes(8).toString('hex')}`;

async function floor(userId: string): Promise<number> {
  const ids = Array.from({ length: RECORDS }, gradeId);
  const pk = userPk(userId);
  const start = performance.now();
  await dynamoDocument().send(
    new BatchGetCommand({
      RequestItems: {
        [config.appTable]: { Keys: ids.map((id) => ({ pk, sk: `REVGRADE#${id}` })), ConsistentRead: true },
      },
    }),
  );
  const items = ids.flatMap((id) => [
    {
      Put: {
        TableName: config.appTable,
        Item: { pk, sk: `REVGRADE#${id}`, type: 'REVGRADE', grade_id: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: config.appTable,
        Item: {
          pk,
          sk: `REVLOG#${new Date().toISOString()}#review.${id}`,
          type: 'REVLOG',
          reviews: [[id, 3, 0, 0, 1, 5]],
        },
      },
    },
  ]);
  for (let i = 0; i < items.length; i += 100)
    await dynamoDocument().send(new TransactWriteCommand({ TransactItems: items.slice(i, i + 100) }));
  return performance.now() - start;
}

export async function benchReviewSync(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const requests = countDynamoRequests();
  try {
    const { headers, userId } = await signedInSession(cloud.url);
    const send = async <T>(path: string, init: RequestInit): Promise<T> => {
      const res = await fetch(`${cloud.url}${path}`, { ...init, headers: { ...headers(), ...(init.headers ?? {}) } });
      if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
      return res.json() as Promise<T>;
    };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(questionSheet(RECORDS))]), 'bench-review-sync.xlsx');
    form.append('is_public', 'false');
    const fileId = (await send<{ file: { id: string } }>('/api/upload-questions/', { method: 'POST', body: form })).file
      .id;
    const json = { 'content-type': 'application/json' };
    const exam = await send<{ id: string }>('/api/create-exam/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: `bench sync ${Date.now()}`, file_id: fileId, question_count: RECORDS }),
    });
    const questions = await send<{ id: string }[]>(`/api/exam/${exam.id}/questions/`, { method: 'GET' });
    // Each round grades every card later than the last; the out-of-order batch then dates its grades before it.
    const batch = (hoursAgo: number) =>
      questions.map((q) => ({
        grade_id: gradeId(),
        question_id: q.id,
        exam_id: exam.id,
        rating: 3,
        graded_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      }));
    const sync = async (hoursAgo: number) => {
      await cloud.idle();
      requests.reset();
      const start = performance.now();
      const answer = await send<{ results: { status: string }[] }>('/api/review-sync/', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ records: batch(hoursAgo) }),
      });
      if (answer.results.some((r) => r.status !== 'applied')) throw new Error('a grade was not applied');
      return { ms: performance.now() - start, requests: requests.count() };
    };
    const rounds: {
      inOrder: Awaited<ReturnType<typeof sync>>;
      outOfOrder: Awaited<ReturnType<typeof sync>>;
      floor: number;
    }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const inOrder = await sync(100 - round * 10);
      const outOfOrder = await sync(200 - round * 10);
      await cloud.idle();
      rounds.push({ inOrder, outOfOrder, floor: await floor(userId) });
    }
    const floorMs = median(rounds.map((r) => r.floor));
    for (const kind of ['inOrder', 'outOfOrder'] as const) {
      const ms = median(rounds.map((r) => r[kind].ms));
      const perRecord = rounds[0]![kind].requests / RECORDS;
      const label = kind === 'inOrder' ? 'in order' : 'older than the cards (replayed)';
      report(`review sync, ${RECORDS} grades ${label}: DynamoDB requests per grade`, perRecord.toFixed(2), {
        ok: perRecord <= 1.15,
        text: '≤ 1.15, constant per grade',
      });
      report(
        `review sync, ${label}: per grade, ratio to the floor`,
        `${(ms / RECORDS).toFixed(2)} ms, ${(ms / floorMs).toFixed(2)}× (floor ${(floorMs / RECORDS).toFixed(2)} ms a grade; median of ${ROUNDS})`,
      );
    }
  } finally {
    await cloud.stop();
  }
}
