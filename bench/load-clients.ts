import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ownCpuMs } from './process-cpu.js';
import {
  REQUEST_KINDS,
  emptyKind,
  type LoadClientsConfig,
  type LoadClientsResult,
  type RequestKind,
} from './load-mix.js';

/**
 * The load generator of `bench/exam-load.ts`, in its own process so its CPU is not the server's
 * event loop: `connections` clients, each signed in as one of the users, cycling through the exam
 * list, an exam read and a submit (each with a fresh submission_id) for `seconds`. Prints
 * `started`, then one JSON line of results; it waits for every answer under way before it exits.
 */
async function run(config: LoadClientsConfig): Promise<LoadClientsResult> {
  const kinds: LoadClientsResult['kinds'] = { list: emptyKind(), read: emptyKind(), submit: emptyKind() };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  const send = (kind: RequestKind, user: LoadClientsConfig['users'][number]) => {
    const headers = { cookie: user.cookie, 'x-csrftoken': user.csrf };
    if (kind === 'list') return fetch(`${config.url}/api/exams/`, { headers });
    const exam = pick(config.exams);
    if (kind === 'read') return fetch(`${config.url}/api/exam/${exam.id}/`, { headers });
    return fetch(`${config.url}/api/submit-exam/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        exam_id: exam.id,
        answers: exam.answers,
        elapsed_seconds: 60,
        submission_id: randomUUID(),
      }),
    });
  };

  const end = performance.now() + config.seconds * 1000;
  const cpuAtStart = ownCpuMs();
  const started = performance.now();
  console.log('started');
  await Promise.all(
    Array.from({ length: config.connections }, async (_, client) => {
      const user = config.users[client % config.users.length]!;
      for (let turn = client; performance.now() < end; turn++) {
        const kind = REQUEST_KINDS[turn % REQUEST_KINDS.length]!;
        const result = kinds[kind];
        const start = performance.now();
        let status: string;
        try {
          const answer = await send(kind, user);
          const body = await answer.text();
          status = String(answer.status);
          if (!answer.ok) result.samples[status] ??= body.slice(0, 300);
          result.latencies.push(performance.now() - start);
        } catch (error) {
          status = 'network';
          result.samples[status] ??= String((error as Error).cause ?? error);
        }
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
    }),
  );
  for (const k of REQUEST_KINDS) kinds[k].latencies.sort((a, b) => a - b);
  return { kinds, cpuMs: ownCpuMs() - cpuAtStart, wallMs: performance.now() - started };
}

const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadClientsConfig;
console.log(JSON.stringify(await run(config)));
