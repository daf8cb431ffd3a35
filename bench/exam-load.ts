import { startInProcessCloud } from './local-server.js';
import { spawn } from 'node:child_process';
import type { Profiler } from 'node:inspector';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { LocalCloud } from '../local/cloud.js';
import { insertUser, createSession } from '../functions/domains/users/index.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { startCpuProfile } from './cpu-profile.js';
import { bareClient, inWaves, recordDynamoCalls, replayRequest } from './dynamo-replay.js';
import { countDynamoRequests } from './dynamo-requests.js';
import { dynamoLocalPid, ownCpuMs, processCpuMs } from './process-cpu.js';
import { REQUEST_KINDS, type LoadClientsConfig, type LoadClientsResult, type RequestKind } from './load-mix.js';
import {
  mergeLoads,
  mergeReplays,
  printProfile,
  reportCpu,
  reportLoad,
  spent,
  sumSpent,
  type CpuSpent,
  type FloorCalls,
  type ReplayResult,
} from './exam-load-report.js';

/**
 * The load figure: `connections` clients (200) for `seconds` on a mix of the exam list, an
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

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function benchExamLoad(report: Report, options: ExamLoadOptions = EXAM_LOAD_DEFAULTS): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
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

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const freshIdLike = (id: string) =>
  Array.from(randomBytes(id.length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');

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
