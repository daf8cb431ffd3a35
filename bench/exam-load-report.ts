import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Report } from './api-session.js';
import { summarizeProfile } from './cpu-profile.js';
import type { RecordedCall } from './dynamo-replay.js';
import type { ExamLoadOptions } from './exam-load.js';
import { REQUEST_KINDS, emptyKind, type LoadClientsResult, type RequestKind } from './load-mix.js';

/**
 * How the exam-load bench (exam-load.ts) merges its rounds and prints them: throughput as a ratio
 * to the replayed floor, latency percentiles per request kind, CPU per request.
 */
/** Submits of one user that keep racing give up with this documented, retryable 409 (architecture.md T5). */
const RETRYABLE_CONFLICT = 'submission_busy';
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type FloorCalls = Record<RequestKind, RecordedCall[][]>;

export interface ReplayResult {
  /** From the first call to the last answer (ms). */
  wallMs: number;
  /** Requests replayed, the ones finished after the deadline included. */
  completed: number;
  errors: number;
  firstError?: string;
}

export function mergeLoads(rounds: LoadClientsResult[]): LoadClientsResult {
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

export function mergeReplays(rounds: ReplayResult[]): ReplayResult {
  return {
    wallMs: rounds.reduce((n, r) => n + r.wallMs, 0),
    completed: rounds.reduce((n, r) => n + r.completed, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
  };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * Rates are answers over the busy time (first request to last answer, of every round): with 200
 * clients and answers taking seconds, counting only answers before the deadline would drop a
 * latency's worth of each round, on both sides.
 */
export function reportLoad(
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

export type CpuMark = { at: number; own: number; java: number | null };
export type CpuSpent = { wallMs: number; ownMs: number; javaMs: number | null };
export const sumSpent = (all: CpuSpent[]): CpuSpent => ({
  wallMs: all.reduce((n, c) => n + c.wallMs, 0),
  ownMs: all.reduce((n, c) => n + c.ownMs, 0),
  javaMs: all.some((c) => c.javaMs === null) ? null : all.reduce((n, c) => n + c.javaMs!, 0),
});
export const spent = (from: CpuMark, to: CpuMark): CpuSpent => ({
  wallMs: to.at - from.at,
  ownMs: to.own - from.own,
  javaMs: from.java === null || to.java === null ? null : to.java - from.java,
});

/**
 * Where the ratio goes, in CPU milliseconds per request: DynamoDB Local's JVM, this process (the
 * API: adapter, handlers, SDK; or the bare replay client) and the load generator. The machine has
 * two cores for all of them (and whatever else runs): `other` is what the rest of the machine got.
 */
export function reportCpu(
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

export function printProfile(profile: Parameters<typeof summarizeProfile>[0]): void {
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
