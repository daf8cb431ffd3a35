import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '../local/cloud.js';
import { startInProcessCloud } from './local-server.js';
import { parseSheet } from '../functions/domains/files/on-demand.js';
import type { SheetExtension } from '#shared/domain/question-sheet.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';
import { load } from './load.js';
import { bareClient, recordDynamoCalls, replayCall, replayPool, type RecordedCall } from './dynamo-replay.js';
import { provisionTables } from '../local/provision.js';
import { dynamoLocalPid, ownCpuMs, processCpuMs } from './process-cpu.js';

/** The import end to end within 1.3× of its floor (parse alone + its writes sent raw). */
export const IMPORT_GOAL_RATIO = 1.3;
/** `batchWriteAll`'s default, which the import uses. */
export const IMPORT_WRITE_CONCURRENCY = 8;
export const IMPORT_ROUNDS = 3;
let replayTables = 0;

/**
 * The import's floor on the same engine: the same parser call, then the exact BatchWriteItem and
 * TransactWriteItems inputs the import sent, replayed by a bare DynamoDBClient at the import's
 * concurrency into fresh tables of the same definition (so conditions and sizes match a first import).
 */
export async function importFloor(
  cloud: LocalCloud,
  sheet: Buffer,
  calls: RecordedCall[],
  extension: SheetExtension = 'xlsx',
) {
  const parseStart = performance.now();
  parseSheet(sheet, extension);
  const parseMs = performance.now() - parseStart;

  const fresh = await provisionTables(cloud.endpoints.dynamodb, `bench-replay-${++replayTables}`);
  const rewrite = new Map(Object.entries(fresh).map(([envVar, name]) => [cloud.env[envVar]!, name]));
  const batchWrites = calls.filter((c) => c.operation === 'BatchWriteItem');
  const transactions = calls.filter((c) => c.operation === 'TransactWriteItems');
  const importWritesMs =
    Math.max(...batchWrites.map((c) => c.endedMs)) - Math.min(...batchWrites.map((c) => c.startedMs));
  const client = bareClient(cloud.endpoints.dynamodb);
  try {
    await cloud.idle();
    const writesStart = performance.now();
    await replayPool(client, batchWrites, IMPORT_WRITE_CONCURRENCY, rewrite);
    for (const call of transactions) await replayCall(client, call, rewrite);
    const writesMs = performance.now() - writesStart;
    return {
      parseMs,
      writesMs,
      importWritesMs,
      totalMs: parseMs + writesMs,
      batchWrites: batchWrites.length,
      transactions: transactions.length,
    };
  } finally {
    client.destroy();
  }
}

/**
 * The question bank's figures: import of a 10,000-question sheet end to end as a ratio to its floor
 * (parse alone + the same writes sent raw), the DynamoDB writes it takes, and the DynamoDB requests and latency of the exam list and exam read
 * with 1,000 exams and a 2,000-question exam. The API runs in this process so every DynamoDB
 * request can be counted.
 */
export async function benchQuestionBank(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const requests = countDynamoRequests();
  const recorder = recordDynamoCalls();
  try {
    const { headers } = await signedInSession(cloud.url);
    const ROWS = 10_000;
    const sheet = questionSheet(ROWS);

    // Warm-up, not measured: one import of the same sheet under another name. V8 compiles SheetJS
    // and our import path on first use and DynamoDB Local's JVM its write path; without it the
    // measured import paid those first-use costs and the replay after it did not.
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(sheet)]), name);
      form.append('is_public', 'false');
      return fetch(`${cloud.url}/api/upload-questions/`, { method: 'POST', headers: headers(), body: form });
    };
    const warmUp = await upload('bench-warm-up.xlsx');
    if (!warmUp.ok) throw new Error(`import failed: ${warmUp.status} ${await warmUp.text()}`);
    await warmUp.arrayBuffer();

    // Rounds of import then floor. On this shared machine the wall-clock ratio of one pair swung
    // from 0.6× to 1.8× with what else ran; the CPU both sides cost (this process and DynamoDB
    // Local) stayed at 1.1–1.2×, so the verdict is on CPU and the wall-clock rounds are printed.
    const java = dynamoLocalPid(Number(new URL(cloud.endpoints.dynamodb).port));
    const cpuNow = () => ownCpuMs() + (java === null ? 0 : (processCpuMs(java) ?? 0));
    const rounds: {
      importMs: number;
      importCpuMs: number;
      floor: Awaited<ReturnType<typeof importFloor>>;
      floorCpuMs: number;
    }[] = [];
    let writes = 0;
    let fileId: string | undefined;
    for (let round = 0; round < IMPORT_ROUNDS; round++) {
      await cloud.idle();
      requests.reset();
      recorder.start();
      const cpuStart = cpuNow();
      const importStart = performance.now();
      const imported = await upload(`bench-${ROWS}-${round}.xlsx`);
      const importMs = performance.now() - importStart;
      const importCpuMs = cpuNow() - cpuStart;
      const importCalls = recorder.stop();
      if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
      fileId = ((await imported.json()) as { file?: { id?: string } }).file?.id;
      writes = Math.max(writes, requests.writes());
      const floorCpuStart = cpuNow();
      const floor = await importFloor(cloud, sheet, importCalls);
      rounds.push({ importMs, importCpuMs, floor, floorCpuMs: cpuNow() - floorCpuStart });
    }
    const median = <T>(list: T[], by: (t: T) => number) =>
      [...list].sort((x, y) => by(x) - by(y))[Math.floor(list.length / 2)]!;
    const mid = median(rounds, (r) => r.importMs / r.floor.totalMs);
    const cpuRatio = rounds.reduce((n, r) => n + r.importCpuMs, 0) / rounds.reduce((n, r) => n + r.floorCpuMs, 0);
    const writeBudget = Math.ceil(ROWS / 25) + 5;
    report(
      `import ${ROWS} questions: parse alone`,
      `${(mid.floor.parseMs / 1000).toFixed(2)} s (the median round of ${IMPORT_ROUNDS})`,
    );
    report(
      `import ${ROWS} questions: its own writes`,
      `${(mid.floor.importWritesMs / 1000).toFixed(2)} s from the first BatchWriteItem sent to the last answered (the rest of the end to end is the request, parse, checks, S3 and the commit)`,
    );
    report(
      `import ${ROWS} questions: writes replayed raw`,
      `${(mid.floor.writesMs / 1000).toFixed(2)} s (${mid.floor.batchWrites} BatchWriteItem at ${IMPORT_WRITE_CONCURRENCY} at once + ${mid.floor.transactions} TransactWriteItems, bare client, fresh table)`,
    );
    report(
      `import ${ROWS} questions: end to end`,
      `${(mid.importMs / 1000).toFixed(2)} s (wall clock ${rounds.map((r) => (r.importMs / r.floor.totalMs).toFixed(2)).join(', ')}× the floor parse + raw writes)`,
    );
    report(
      `import ${ROWS} questions: CPU ratio to the floor`,
      `${cpuRatio.toFixed(2)}× (this process and DynamoDB Local, ${IMPORT_ROUNDS} rounds)`,
      {
        ok: cpuRatio <= IMPORT_GOAL_RATIO,
        text: `≤ ${IMPORT_GOAL_RATIO}×`,
      },
    );
    report(`import ${ROWS} questions: DynamoDB writes`, String(writes), {
      ok: writes <= writeBudget,
      text: `≤ ${writeBudget}`,
    });

    requests.reset();
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench 2000 ${Date.now()}`,
        file_id: fileId,
        question_count: 2000,
        is_public: false,
      }),
    });
    if (!created.ok) throw new Error(`create-exam failed: ${created.status} ${await created.text()}`);
    const bigExam = (await created.json()) as { id?: string; exam?: { id: string } };
    const bigExamId = bigExam.exam?.id ?? bigExam.id!;

    // 999 more small exams so the list has 1,000.
    for (let i = 0; i < 999; i += 1) {
      const res = await fetch(`${cloud.url}/api/create-exam/`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench small ${i}`, file_id: fileId, question_count: 5, is_public: false }),
      });
      if (!res.ok) throw new Error(`create-exam ${i} failed: ${res.status} ${await res.text()}`);
    }

    for (const [name, path] of [
      ['GET /api/exams/?my_exams=true (1,000 exams)', '/api/exams/?my_exams=true&page_size=100'],
      [`GET /api/exam/{id}/ (2,000 questions)`, `/api/exam/${bigExamId}/`],
    ] as const) {
      // Counted on an idle engine: the previous load run's last requests have been answered.
      await cloud.idle();
      requests.reset();
      const one = await fetch(`${cloud.url}${path}`, { headers: headers() });
      if (!one.ok) throw new Error(`${name}: ${one.status}`);
      await one.arrayBuffer();
      report(`${name}: DynamoDB requests`, String(requests.count()), {
        ok: requests.count() <= 10,
        text: '≤ 10, constant',
      });
      const result = await load({ url: `${cloud.url}${path}`, seconds: 10, connections: 4, headers: headers() });
      // autocannon stops at its deadline without waiting for the answers still under way.
      await cloud.idle();
      report(`${name}: requests/s`, String(result.requestsPerSecond));
      report(`${name}: p50 / p99`, `${result.p50Ms} ms / ${result.p99Ms} ms`, {
        ok: result.non2xx === 0 && result.errors === 0,
        text: 'no errors',
      });
    }
  } finally {
    await cloud.stop();
  }
}
