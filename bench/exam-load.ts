import { spawn } from 'node:child_process';
import type { Profiler } from 'node:inspector';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startLocalCloud, type LocalCloud } from '../local/cloud.js';
import { freePort } from '../local/engines.js';
import { insertUser, createSession } from '../functions/domains/users/index.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { startCpuProfile, summarizeProfile } from './cpu-profile.js';
import { bareClient, inWaves, recordDynamoCalls, replayRequest, type RecordedCall } from './dynamo-replay.js';
import { countDynamoRequests } from './dynamo-requests.js';
import { dynamoLocalPid, ownCpuMs, processCpuMs } from './process-cpu.js';
import {
  REQUEST_KINDS,
  emptyKind,
  type LoadClientsConfig,
  type LoadClientsResult,
  type RequestKind,
} from './load-mix.js';

/**
 * Issue 15's load figure: `connections` clients (200) for `seconds` on a mix of the exam list, an
 * exam read and a submit, against the real handlers behind the local API Gateway adapter, the
 * load generator in its own process. The floor is DynamoDB Local's own rate for the same calls:
 * each kind's calls are recorded once on an idle engine and replayed raw by a bare client from
 * as many workers for as long. The API's throughput is reported as a ratio to that rate.
 */
export interface ExamLoadOptions {
  seconds: number;
  connections: number;
  /** Signed-in learners the clients take in turn (one per client by default). */
  users: number;
  /** Load and replay alternate in this many rounds of seconds / rounds each. */
  rounds: number;
  /** Write the server's CPU profile of the last load round here and print where its time goes. */
  profileFile?: string;
}

/** Clients per run and the length the issue asks for; `npm run bench` runs 30 s (EXAM_LOAD_BENCH_SECONDS). */
export const EXAM_LOAD_DEFAULTS: ExamLoadOptions = { seconds: 60, connections: 200, users: 200, rounds: 3 };
export const EXAM_LOAD_BENCH_SECONDS = 30;
const WARM_UP_SECONDS = 5;
/** Public exams the mix reads and submits, and questions in each (all answered by a submit). */
const EXAMS = 30;
const QUESTIONS_PER_EXAM = 20;
/** Submits of one user that keep racing give up with this documented, retryable 409 (architecture.md T5). */
const RETRYABLE_CONFLICT = 'submission_busy';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function benchExamLoad(report: Report, options: ExamLoadOptions = EXAM_LOAD_DEFAULTS): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const cloud = await startLocalCloud({
    rootDir,
    port: await freePort(),
    dataDir: null,
    web: 'none',
    scheduler: false,
  });
  const recorder = recordDynamoCalls();
  const requests = countDynamoRequests();
  try {
    const { config, submitterId } = await prepare(cloud, options);
    const floorCalls = await recordKinds(cloud, config, recorder);

    // Warm-up, not measured: V8 compiles the handlers and the SDK, the JVM DynamoDB Local's paths.
    const warmUp = { ...options, seconds: WARM_UP_SECONDS };
    await runClients({ ...config, seconds: WARM_UP_SECONDS });
    await cloud.idle();
    await replayMix(cloud, floorCalls, submitterId, warmUp);

    // The JVM keeps getting faster for tens of seconds (its CPU per request fell 25 → 11 ms over
    // three 10 s rounds): load and replay alternate in rounds, so neither gets the warmer engine.
    const java = dynamoLocalPid(Number(new URL(cloud.endpoints.dynamodb).port));
    const cpuOf = () => ({ at: performance.now(), own: ownCpuMs(), java: java === null ? null : processCpuMs(java) });
    const round = { ...options, seconds: options.seconds / options.rounds };
    const loads: LoadClientsResult[] = [];
    const replays: ReplayResult[] = [];
    const loadCpu: CpuSpent[] = [];
    const replayCpu: CpuSpent[] = [];
    let loadCalls = 0;
    let cpu: Profiler.Profile | undefined;
    for (let r = 0; r < options.rounds; r++) {
      // The last round is profiled (the warmest code).
      const profile = options.profileFile && r === options.rounds - 1 ? await startCpuProfile() : null;
      requests.reset();
      const loadStart = cpuOf();
      loads.push(await runClients({ ...config, seconds: round.seconds }));
      // The generator has exited; answers it stopped waiting for still run against the engine.
      await cloud.idle();
      loadCpu.push(spent(loadStart, cpuOf()));
      loadCalls += requests.count();
      cpu = (await profile?.stop(options.profileFile)) ?? cpu;

      const replayStart = cpuOf();
      replays.push(await replayMix(cloud, floorCalls, submitterId, round));
      replayCpu.push(spent(replayStart, cpuOf()));
    }
    const load = mergeLoads(loads);
    const replay = mergeReplays(replays);
    reportLoad(report, options, load, replay, floorCalls, loadCalls);
    reportCpu(report, load, sumSpent(loadCpu), replay, sumSpent(replayCpu));
    if (cpu) printProfile(cpu);
  } finally {
    await cloud.stop();
  }
}

/**
 * The learners: one user per client, as real load is (clients of one user submitting at once
 * contend on that user's counters and statistics by design, and retry). Registered users would
 * cost a real scrypt each (minutes for 200), so these are written with the account repository
 * and given a session directly; the requests they make are the product's as any user's.
 */
async function mintLearners(count: number, csrf: string): Promise<LoadClientsConfig['users']> {
  const learners: LoadClientsConfig['users'] = [];
  while (learners.length < count) {
    const batch = Math.min(8, count - learners.length);
    learners.push(
      ...(await Promise.all(
        Array.from({ length: batch }, async () => {
          // Never used to sign in: no password matches a hash that is not in scrypt's format.
          const user = await insertUser({
            username: `load_${randomBytes(6).toString('hex')}`,
            passwordHash: 'bench-load-no-password',
          });
          return { cookie: `csrftoken=${csrf}; sessionid=${await createSession(user.id)}`, csrf };
        }),
      )),
    );
  }
  return learners;
}

/** Learners, a public 200-question file and EXAMS public exams, with each exam's right answers. */
async function prepare(cloud: LocalCloud, options: ExamLoadOptions) {
  // The owner and the recorded submitter register through the API (one real scrypt each).
  const [owner, submitter] = await Promise.all([signedInSession(cloud.url), signedInSession(cloud.url)]);
  const learners = await mintLearners(options.users, owner.csrf);
  const jsonHeaders = { ...owner.headers(), 'content-type': 'application/json' };

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(questionSheet(200))]), 'bench-load.xlsx');
  form.append('is_public', 'true');
  const imported = await fetch(`${cloud.url}/api/upload-questions/`, {
    method: 'POST',
    headers: owner.headers(),
    body: form,
  });
  if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
  const fileId = ((await imported.json()) as { file: { id: string } }).file.id;

  const exams: LoadClientsConfig['exams'] = [];
  for (let i = 0; i < EXAMS; i++) {
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        title: `Bench load ${i}`,
        file_id: fileId,
        question_count: QUESTIONS_PER_EXAM,
        is_public: true,
      }),
    });
    if (!created.ok) throw new Error(`create-exam failed: ${created.status} ${await created.text()}`);
    const id = ((await created.json()) as { id: string }).id;
    const questions = (await (
      await fetch(`${cloud.url}/api/exam/${id}/questions/`, { headers: owner.headers() })
    ).json()) as { id: string; answer: string }[];
    exams.push({
      id,
      answers: questions.map((q, n) => ({ question_id: q.id, answer: n % 3 ? q.answer : 'wrong', elapsed_seconds: 3 })),
    });
  }
  const config: LoadClientsConfig = {
    url: cloud.url,
    seconds: options.seconds,
    connections: options.connections,
    users: learners,
    exams,
  };
  return {
    config: { ...config, submitter: { cookie: submitter.cookie, csrf: submitter.csrf } },
    submitterId: submitter.userId,
  };
}

type FloorCalls = Record<RequestKind, RecordedCall[][]>;

/**
 * One request of each kind on an idle engine, its DynamoDB calls recorded. The submit is a
 * user's first submit of that exam, so its writes can be replayed again and again under a fresh
 * user id (conditions `attribute_not_exists` hold each time); a repeat submit makes as many calls.
 */
async function recordKinds(
  cloud: LocalCloud,
  config: LoadClientsConfig & { submitter: LoadClientsConfig['users'][number] },
  recorder: ReturnType<typeof recordDynamoCalls>,
): Promise<FloorCalls> {
  const user = config.users[0]!;
  const exam = config.exams[0]!;
  const headers = (u: typeof user) => ({ cookie: u.cookie, 'x-csrftoken': u.csrf });
  const requests: Record<RequestKind, () => Promise<Response>> = {
    list: () => fetch(`${cloud.url}/api/exams/`, { headers: headers(user) }),
    read: () => fetch(`${cloud.url}/api/exam/${exam.id}/`, { headers: headers(user) }),
    submit: () =>
      fetch(`${cloud.url}/api/submit-exam/`, {
        method: 'POST',
        headers: { ...headers(config.submitter), 'content-type': 'application/json' },
        body: JSON.stringify({
          exam_id: exam.id,
          answers: exam.answers,
          elapsed_seconds: 60,
          submission_id: randomBytes(16).toString('hex'),
        }),
      }),
  };
  const floor = {} as FloorCalls;
  for (const kind of REQUEST_KINDS) {
    await cloud.idle();
    recorder.start();
    const answer = await requests[kind]();
    const body = await answer.text();
    const calls = recorder.stop();
    if (!answer.ok) throw new Error(`${kind} failed: ${answer.status} ${body}`);
    floor[kind] = inWaves(calls);
  }
  return floor;
}

async function runClients(config: LoadClientsConfig): Promise<LoadClientsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'quizbank-load-'));
  try {
    const configFile = join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify(config));
    const child = spawn(join(rootDir, 'node_modules/.bin/tsx'), [join(rootDir, 'bench/load-clients.ts'), configFile], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    const last = output.trim().split('\n').at(-1) ?? '';
    if (code !== 0 || !last.startsWith('{'))
      throw new Error(`the load generator failed (exit ${code}): ${output.slice(-500)}`);
    return JSON.parse(last) as LoadClientsResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ReplayResult {
  /** From the first call to the last answer (ms). */
  wallMs: number;
  /** Requests replayed, the ones finished after the deadline included. */
  completed: number;
  errors: number;
  firstError?: string;
}

/**
 * The floor: as many workers as clients, each cycling through the kinds as a client does, each
 * request's calls replayed wave by wave by a bare client. A submit's writes get a fresh user id
 * each time (see recordKinds); its reads stay the recorded user's, as hits.
 */
async function replayMix(
  cloud: LocalCloud,
  floor: FloorCalls,
  submitterId: string,
  options: ExamLoadOptions,
): Promise<ReplayResult> {
  const client = bareClient(cloud.endpoints.dynamodb);
  let completed = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async (_, worker) => {
        for (let turn = worker; performance.now() < end; turn++) {
          const kind = REQUEST_KINDS[turn % REQUEST_KINDS.length]!;
          const rewrite = kind === 'submit' ? new Map([[submitterId, freshIdLike(submitterId)]]) : undefined;
          try {
            await replayRequest(client, floor[kind], rewrite);
            completed += 1;
          } catch (error) {
            errors += 1;
            firstError ??= `${kind}: ${(error as Error).name}: ${(error as Error).message}`;
          }
        }
      }),
    );
  } finally {
    client.destroy();
  }
  return { wallMs: performance.now() - started, completed, errors, firstError };
}

function mergeLoads(rounds: LoadClientsResult[]): LoadClientsResult {
  const merged: LoadClientsResult = {
    kinds: { list: emptyKind(), read: emptyKind(), submit: emptyKind() },
    cpuMs: 0,
    wallMs: 0,
  };
  for (const round of rounds) {
    merged.cpuMs += round.cpuMs;
    merged.wallMs += round.wallMs;
    for (const k of REQUEST_KINDS) {
      const into = merged.kinds[k];
      const from = round.kinds[k];
      into.latencies.push(...from.latencies);
      for (const [status, count] of Object.entries(from.statuses))
        into.statuses[status] = (into.statuses[status] ?? 0) + count;
      into.samples = { ...from.samples, ...into.samples };
    }
  }
  for (const k of REQUEST_KINDS) merged.kinds[k].latencies.sort((a, b) => a - b);
  return merged;
}

function mergeReplays(rounds: ReplayResult[]): ReplayResult {
  return {
    wallMs: rounds.reduce((n, r) => n + r.wallMs, 0),
    completed: rounds.reduce((n, r) => n + r.completed, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
  };
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const freshIdLike = (id: string) =>
  Array.from(randomBytes(id.length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * Rates are answers over the busy time (first request to last answer, of every round): with 200
 * clients and answers taking seconds, counting only answers before the deadline would drop a
 * latency's worth of each round, on both sides.
 */
function reportLoad(
  report: Report,
  options: ExamLoadOptions,
  { kinds: load, wallMs }: LoadClientsResult,
  replay: ReplayResult,
  floor: FloorCalls,
  loadCalls: number,
): void {
  const prefix = `exam mix, ${options.connections} clients, ${options.seconds} s`;
  const answered = REQUEST_KINDS.reduce((n, k) => n + load[k].latencies.length, 0);
  const apiRate = answered / (wallMs / 1000);
  const floorRate = replay.completed / (replay.wallMs / 1000);
  const all = REQUEST_KINDS.flatMap((k) => load[k].latencies).sort((a, b) => a - b);
  report(
    `${prefix}: requests/s`,
    `${apiRate.toFixed(0)} (${REQUEST_KINDS.map((k) => `${k} ${load[k].latencies.length}`).join(', ')} in ${(wallMs / 1000).toFixed(0)} s)`,
  );
  report(`${prefix}: p50 / p99`, `${percentile(all, 50)} ms / ${percentile(all, 99)} ms`);
  for (const k of REQUEST_KINDS) {
    report(
      `${prefix}: ${k} p50 / p99`,
      `${percentile(load[k].latencies, 50)} ms / ${percentile(load[k].latencies, 99)} ms`,
    );
  }
  const unexpected: string[] = [];
  const statuses: string[] = [];
  for (const k of REQUEST_KINDS) {
    for (const [status, count] of Object.entries(load[k].statuses)) {
      statuses.push(`${k} ${status}: ${count}`);
      if (status.startsWith('2')) continue;
      const retryable = status === '409' && load[k].samples[status]?.includes(`"${RETRYABLE_CONFLICT}"`);
      if (!retryable) unexpected.push(`${k} ${status}: ${load[k].samples[status] ?? ''}`);
    }
  }
  report(`${prefix}: answers by status`, statuses.join(', '), {
    ok: unexpected.length === 0,
    text: `no errors but 409 ${RETRYABLE_CONFLICT}`,
  });
  for (const line of unexpected) console.log(`  ${line}`);
  const calls = REQUEST_KINDS.map((k) => `${k} ${floor[k].flat().length} in ${floor[k].length} waves`).join(', ');
  // Every answered request's calls, as recorded per kind: more during the load means retries.
  const expected = REQUEST_KINDS.reduce(
    (n, k) => n + Object.values(load[k].statuses).reduce((a, b) => a + b, 0) * floor[k].flat().length,
    0,
  );
  report(
    `${prefix}: DynamoDB calls per request`,
    `${calls}; during the load ${loadCalls} (${expected} expected from those)`,
  );
  report(
    `${prefix}: DynamoDB Local alone`,
    `${floorRate.toFixed(0)} request-equivalents/s (${replay.completed} in ${(replay.wallMs / 1000).toFixed(0)} s: the same calls replayed raw by ${options.connections} workers${replay.errors ? `; ${replay.errors} failed, first: ${replay.firstError}` : ''})`,
  );
  report(
    `${prefix}: API / DynamoDB Local`,
    `${(apiRate / floorRate).toFixed(2)} (the API's throughput as a share of the engine's rate for its calls)`,
  );
}

type CpuMark = { at: number; own: number; java: number | null };
type CpuSpent = { wallMs: number; ownMs: number; javaMs: number | null };
const sumSpent = (all: CpuSpent[]): CpuSpent => ({
  wallMs: all.reduce((n, c) => n + c.wallMs, 0),
  ownMs: all.reduce((n, c) => n + c.ownMs, 0),
  javaMs: all.some((c) => c.javaMs === null) ? null : all.reduce((n, c) => n + c.javaMs!, 0),
});
const spent = (from: CpuMark, to: CpuMark): CpuSpent => ({
  wallMs: to.at - from.at,
  ownMs: to.own - from.own,
  javaMs: from.java === null || to.java === null ? null : to.java - from.java,
});

/**
 * Where the ratio goes, in CPU milliseconds per request: DynamoDB Local's JVM, this process (the
 * API: adapter, handlers, SDK; or the bare replay client) and the load generator. The machine has
 * two cores for all of them (and whatever else runs): `other` is what the rest of the machine got.
 */
function reportCpu(
  report: Report,
  load: LoadClientsResult,
  loadCpu: CpuSpent,
  replay: ReplayResult,
  replayCpu: CpuSpent,
): void {
  const answered = REQUEST_KINDS.reduce((n, k) => n + load.kinds[k].latencies.length, 0);
  const per = (ms: number | null, n: number) => (ms === null || n === 0 ? '?' : (ms / n).toFixed(1));
  const cores = (c: CpuSpent, wallMs: number, extra = 0) => ((c.ownMs + (c.javaMs ?? 0) + extra) / wallMs).toFixed(2);
  report(
    'exam mix: CPU ms per API request',
    `DynamoDB Local ${per(loadCpu.javaMs, answered)}, API process ${per(loadCpu.ownMs, answered)}, load generator ${per(load.cpuMs, answered)} (${cores(loadCpu, load.wallMs, load.cpuMs)} of 2 cores busy)`,
  );
  const apiCpu = (loadCpu.ownMs + (loadCpu.javaMs ?? 0) + load.cpuMs) / answered;
  const floorCpu = (replayCpu.ownMs + (replayCpu.javaMs ?? 0)) / replay.completed;
  report(
    'exam mix: CPU ms per replayed request',
    `DynamoDB Local ${per(replayCpu.javaMs, replay.completed)}, bare client ${per(replayCpu.ownMs, replay.completed)} (${cores(replayCpu, replay.wallMs)} of 2 cores busy)`,
  );
  // What the throughput ratio would be if both runs had the same CPU: steadier than the measured
  // one on a machine whose other tenants take a varying share.
  if (loadCpu.javaMs !== null && replayCpu.javaMs !== null)
    report('exam mix: API / DynamoDB Local by CPU', (floorCpu / apiCpu).toFixed(2));
}

function printProfile(profile: Parameters<typeof summarizeProfile>[0]): void {
  const summary = summarizeProfile(profile, `${pathToFileURL(rootDir).href}/`);
  console.log(
    `  server CPU profile: busy ${(summary.busyShare * 100).toFixed(0)}% of the samples; self time by family:`,
  );
  for (const family of summary.families)
    if (family.share >= 0.005) console.log(`    ${(family.share * 100).toFixed(1).padStart(5)}%  ${family.name}`);
  console.log('  self time by layer:');
  for (const layer of summary.layers.slice(0, 20))
    console.log(`    ${(layer.share * 100).toFixed(1).padStart(5)}%  ${layer.name}`);
  console.log('  busiest functions (self time):');
  for (const fn of summary.functions.slice(0, 25))
    console.log(`    ${(fn.share * 100).toFixed(1).padStart(5)}%  ${fn.name}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(EXAM_LOAD_DEFAULTS.seconds) },
      connections: { type: 'string', default: String(EXAM_LOAD_DEFAULTS.connections) },
      users: { type: 'string', default: String(EXAM_LOAD_DEFAULTS.users) },
      rounds: { type: 'string', default: String(EXAM_LOAD_DEFAULTS.rounds) },
      profile: { type: 'string' },
    },
  });
  const report: Report = (name, value, budget) =>
    console.log(
      `${name.padEnd(44)} ${value}${budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : ''}`,
    );
  await benchExamLoad(report, {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    users: Number(values.users),
    rounds: Number(values.rounds),
    profileFile: values.profile,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
