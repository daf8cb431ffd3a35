import { performance } from 'node:perf_hooks';
import { startLocalCloud } from '../local/cloud.js';
import { freePort } from '../local/engines.js';
import { parseSheet } from '../functions/files/importer/parse.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';
import { load } from './load.js';

/**
 * Issue 4's figures: import of a 10,000-question sheet end to end against parsing it alone, the
 * DynamoDB writes it takes, and the DynamoDB requests and latency of the exam list and exam read
 * with 1,000 exams and a 2,000-question exam. The API runs in this process so every DynamoDB
 * request can be counted.
 */
export async function benchQuestionBank(rootDir: string, report: Report): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const cloud = await startLocalCloud({ rootDir, port: await freePort(), dataDir: null, web: 'none', scheduler: false });
  const requests = countDynamoRequests();
  try {
    const { headers } = await signedInSession(cloud.url);
    const ROWS = 10_000;
    const sheet = questionSheet(ROWS);

    const parseStart = performance.now();
    parseSheet(sheet, 'xlsx');
    const parseMs = performance.now() - parseStart;

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(sheet)]), 'bench-10000.xlsx');
    form.append('is_public', 'false');
    requests.reset();
    const importStart = performance.now();
    const imported = await fetch(`${cloud.url}/api/upload-questions/`, { method: 'POST', headers: headers(), body: form });
    const importMs = performance.now() - importStart;
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const importAnswer = (await imported.json()) as { file?: { id?: string; name?: string } };
    const writeBudget = Math.ceil(ROWS / 25) + 5;
    report(`import ${ROWS} questions: parse alone`, `${(parseMs / 1000).toFixed(2)} s`);
    report(`import ${ROWS} questions: end to end`, `${(importMs / 1000).toFixed(2)} s (${(importMs / parseMs).toFixed(1)}× parse; DynamoDB Local)`, {
      ok: importMs <= 3 * parseMs,
      text: '≤ 3× parse',
    });
    report(`import ${ROWS} questions: DynamoDB writes`, String(requests.writes()), {
      ok: requests.writes() <= writeBudget,
      text: `≤ ${writeBudget}`,
    });

    const fileId = importAnswer.file?.id;
    requests.reset();
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench 2000 ${Date.now()}`, file_id: fileId, question_count: 2000, is_public: false }),
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
      report(`${name}: DynamoDB requests`, String(requests.count()), { ok: requests.count() <= 10, text: '≤ 10, constant' });
      const result = await load({ url: `${cloud.url}${path}`, seconds: 10, connections: 4, headers: headers() });
      // autocannon stops at its deadline without waiting for the answers still under way.
      await cloud.idle();
      report(`${name}: requests/s`, String(result.requestsPerSecond));
      report(`${name}: p50 / p99`, `${result.p50Ms} ms / ${result.p99Ms} ms`, { ok: result.non2xx === 0 && result.errors === 0, text: 'no errors' });
    }
  } finally {
    await cloud.stop();
  }
}
