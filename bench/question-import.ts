import { performance } from 'node:perf_hooks';
import { parse as parseCsv } from 'csv-parse/sync';
import type { LocalCloud } from '../local/cloud.js';
import { startInProcessCloud } from './local-server.js';
import { signedInSession, type Report } from './api-session.js';
import { recordDynamoCalls } from './dynamo-replay.js';
import { dynamoLocalPid, ownCpuMs, processCpuMs } from './process-cpu.js';
import { IMPORT_GOAL_RATIO, IMPORT_ROUNDS, importFloor } from './question-bank.js';

/**
 * The import's figures: a 20,000-row TSV (the row limit) imported end to end as a CPU ratio to its
 * floor — the same parser call plus the import's own DynamoDB writes replayed raw, as the 10,000-row
 * xlsx figure of question-bank.ts measures it — and the preview of a large text sheet at two sizes
 * in one run: it reads the whole file (D270), so its time is measured against one raw csv-parse pass
 * over the same bytes, and that ratio must not grow with the file (one pass, linear in its size).
 */
const ROWS = 20_000;
const PREVIEW_SIZES_MB = [1, 10] as const;
const PREVIEW_ROUNDS = 7;

/** A tab-separated deck of `rows` cards (more when `padTo` bytes ask for it), with a header the importer maps. */
export function tsvDeck(rows: number, padTo = 0): Buffer {
  const card = (i: number) =>
    `쿠버네티스 파드 ${i + 1}: what does a Deployment manage?\tReplicaSet ${i + 1}\t설명 ${i + 1}\n`;
  const parts = ['문제\t정답\t해설\n'];
  let bytes = Buffer.byteLength(parts[0]!);
  for (let i = 0; i < rows || bytes < padTo; i++) {
    const line = card(i);
    const size = Buffer.byteLength(line);
    if (padTo && i >= rows && bytes + size > padTo) break;
    parts.push(line);
    bytes += size;
  }
  return Buffer.from(parts.join(''));
}

/**
 * A tab-separated deck of about `bytes` bytes under the row limit (15,000 cards, the explanation
 * padded): the preview reads it whole, as the import would, so a file past 20,000 rows is refused.
 */
export function previewDeck(bytes: number): Buffer {
  const cards = 15_000;
  const pad = Math.max(0, Math.floor((bytes * 0.95) / cards) - 60);
  const filler = 'a longer explanation '.repeat(Math.ceil(pad / 21)).slice(0, pad);
  const parts = ['문제\t정답\t해설\n'];
  for (let i = 0; i < cards; i++)
    parts.push(`파드 ${i + 1}: what does a Deployment manage?\tReplicaSet ${i + 1}\t${filler}${i}\n`);
  return Buffer.from(parts.join(''));
}

async function stage(cloud: LocalCloud, headers: () => Record<string, string>, name: string, bytes: Buffer) {
  const res = await fetch(`${cloud.url}/api/question-files/upload-url/`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: name, size: bytes.length }),
  });
  const ticket = (await res.json()) as { upload_id: string; url: string };
  const put = await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  return ticket.upload_id;
}

export async function benchQuestionImport(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const recorder = recordDynamoCalls();
  try {
    const { headers } = await signedInSession(cloud.url);
    const deck = tsvDeck(ROWS);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(deck)]), name);
      form.append('is_public', 'false');
      let res = await fetch(`${cloud.url}/api/upload-questions/`, { method: 'POST', headers: headers(), body: form });
      // On this shared machine DynamoDB Local sometimes falls behind: the API says 503 and when to retry.
      for (let retry = 0; res.status === 503 && retry < 3; retry++) {
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 5) * 1000));
        res = await fetch(`${cloud.url}/api/upload-questions/`, { method: 'POST', headers: headers(), body: form });
      }
      if (!res.ok) throw new Error(`import failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    await upload('bench-tsv-warm-up.tsv');

    const java = dynamoLocalPid(Number(new URL(cloud.endpoints.dynamodb).port));
    const cpuNow = () => ownCpuMs() + (java === null ? 0 : (processCpuMs(java) ?? 0));
    let importCpu = 0;
    let floorCpu = 0;
    const wall: string[] = [];
    for (let round = 0; round < IMPORT_ROUNDS; round++) {
      await cloud.idle();
      recorder.start();
      const cpuStart = cpuNow();
      const start = performance.now();
      await upload(`bench-tsv-${round}.tsv`);
      const importMs = performance.now() - start;
      importCpu += cpuNow() - cpuStart;
      const calls = recorder.stop();
      const floorStart = cpuNow();
      const floor = await importFloor(cloud, deck, calls, 'tsv');
      floorCpu += cpuNow() - floorStart;
      wall.push(`${(importMs / 1000).toFixed(2)} s vs ${(floor.totalMs / 1000).toFixed(2)} s`);
    }
    const ratio = importCpu / floorCpu;
    report(`import ${ROWS}-row TSV: end to end vs floor`, `${wall.join(', ')} (wall clock, information)`);
    report(`import ${ROWS}-row TSV: CPU ratio to the floor`, `${ratio.toFixed(2)}× (${IMPORT_ROUNDS} rounds)`, {
      ok: ratio <= IMPORT_GOAL_RATIO,
      text: `≤ ${IMPORT_GOAL_RATIO}×`,
    });

    const previews: { mb: number; ms: number; ratio: number }[] = [];
    for (const mb of PREVIEW_SIZES_MB) {
      const file = previewDeck(mb * 1024 * 1024);
      const uploadId = await stage(cloud, headers, `bench-preview-${mb}.tsv`, file);
      const times: number[] = [];
      const passes: number[] = [];
      for (let round = 0; round < PREVIEW_ROUNDS; round++) {
        await cloud.idle();
        const start = performance.now();
        const res = await fetch(`${cloud.url}/api/question-files/preview/`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ upload_id: uploadId, file_name: `bench-preview-${mb}.tsv` }),
        });
        const body = (await res.json()) as { counts?: { records: number } };
        times.push(performance.now() - start);
        if (!res.ok) throw new Error(`preview failed: ${res.status} ${JSON.stringify(body)}`);
        const pass = performance.now();
        parseCsv(file, { delimiter: '\t', relax_column_count: true, relax_quotes: true });
        passes.push(performance.now() - pass);
      }
      times.sort((a, b) => a - b);
      passes.sort((a, b) => a - b);
      const ms = times[Math.floor(times.length / 2)]!;
      const ratio = ms / passes[Math.floor(passes.length / 2)]!;
      previews.push({ mb, ms, ratio });
      report(
        `preview of a ${mb} MB TSV (whole file)`,
        `${ms.toFixed(1)} ms (median of ${PREVIEW_ROUNDS}), ${ratio.toFixed(2)}× one raw csv-parse pass`,
      );
    }
    const [small, large] = previews as [(typeof previews)[0], (typeof previews)[0]];
    const growth = large.ratio / small.ratio;
    report('preview: ratio to one csv-parse pass, 10 MB vs 1 MB', `${growth.toFixed(2)}×`, {
      ok: growth <= 1.5,
      text: '≤ 1.5× (no more passes as the file grows)',
    });
  } finally {
    await cloud.stop();
  }
}

// `npx tsx bench/question-import.ts`: this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { dirname, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  let failed = false;
  await benchQuestionImport(rootDir, (name, value, budget) => {
    if (budget && !budget.ok) failed = true;
    console.log(
      `${name.padEnd(44)} ${value}${budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : ''}`,
    );
  });
  process.exit(failed ? 1 : 0);
}
