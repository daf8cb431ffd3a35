import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { questionSheet, signedInSession, timed, type Report } from './api-session.js';
import { bareClient, inWaves, recordDynamoCalls, replayRequest } from './dynamo-replay.js';
import { countDynamoRequests } from './dynamo-requests.js';
import { startInProcessCloud } from './local-server.js';

/**
 * Anonymous reads of one popular public exam (D405): `connections` clients read the same 200-question
 * exam for `seconds` through the local API (in this process). Reported: DynamoDB requests per read
 * (the cache answers; the exam's stamp is asked for at most once a second, D498), and reads per second against
 * the floor of the same read without the cache: its DynamoDB calls (the stamp and the partition's
 * Query), recorded once and replayed raw by a bare client from as many workers for as long.
 */
export async function benchPublicExamRead(
  rootDir: string,
  report: Report,
  options: { seconds: number; connections: number } = { seconds: 10, connections: 200 },
): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const recorder = recordDynamoCalls();
  const requests = countDynamoRequests();
  try {
    const owner = await signedInSession(cloud.url);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(questionSheet(200))]), 'bench-public.xlsx');
    form.append('is_public', 'true');
    const imported = await fetch(`${cloud.url}/api/upload-questions/`, {
      method: 'POST',
      headers: owner.headers(),
      body: form,
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const fileId = ((await imported.json()) as { file: { id: string } }).file.id;
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: { ...owner.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench public ${Date.now()}`,
        file_id: fileId,
        question_count: 200,
        is_public: true,
      }),
    });
    if (!created.ok) throw new Error(`create-exam failed: ${created.status} ${await created.text()}`);
    const examId = ((await created.json()) as { id: string }).id;
    const url = `${cloud.url}/api/exam/${examId}/`;
    const read = async () => {
      const answer = await fetch(url, { headers: { 'accept-language': 'ko' } });
      if (answer.status !== 200) throw new Error(`read answered ${answer.status}`);
      await answer.arrayBuffer();
    };

    // The uncached read's DynamoDB calls, recorded on an idle engine (a new exam: nothing cached yet).
    recorder.start();
    await read();
    const uncached = recorder.stop();
    report('public exam read, cache empty: DynamoDB requests', String(uncached.length));

    await timed(read, { seconds: 2, connections: options.connections }); // warm-up
    requests.reset();
    const load = await timed(read, options);
    const perRead = requests.count() / Math.max(1, load.calls);
    report(`public exam read: DynamoDB requests per read (${options.connections} clients)`, perRead.toFixed(3), {
      ok: perRead <= 0.05,
      text: '≤ 0.05 (the stamp once a second)',
    });
    report('public exam read: reads/s, p50 / p99', `${load.perSecond}/s, ${load.p50Ms} ms / ${load.p99Ms} ms`);
    report('public exam read: errors', String(load.errors), { ok: load.errors === 0, text: '0' });

    const client = bareClient(cloud.endpoints.dynamodb);
    const waves = inWaves(uncached);
    const floor = await timed(() => replayRequest(client, waves), options);
    client.destroy();
    const ratio = load.perSecond / Math.max(1, floor.perSecond);
    report(
      'public exam read: ratio to the uncached floor',
      `${ratio.toFixed(2)}× (the uncached read's DynamoDB calls alone: ${floor.perSecond}/s, p50 ${floor.p50Ms} ms)`,
    );
  } finally {
    await cloud.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPublicExamRead(resolve(dirname(fileURLToPath(import.meta.url)), '..'), (name, value, budget) =>
    console.log(
      `${name.padEnd(44)} ${value}${budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : ''}`,
    ),
  );
}
